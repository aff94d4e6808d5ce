/** Values the browser tests expect: the site config's defaults (tests run without overrides). */
import { loadSiteConfig } from '../../src/config/site.ts';

export const site = loadSiteConfig({});

export const programRoutes = [
  { label: 'Small Business Owners', href: '/program/opportunity-mapping' },
  { label: 'Middle Market Leaders', href: '/program/ripple-effect' },
  { label: 'Corporate Innovation/CX Teams', href: '/program/orchestration' },
];

export function isMobile(viewportWidth: number | undefined) {
  return (viewportWidth ?? 1280) < 1024;
}
