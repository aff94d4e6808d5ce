import { routes } from './routes.ts';

/** Site structure: what the header and footer link to besides the programs (which come from content). */
export interface NavLink {
  label: string;
  href: string;
}

export const primaryNav: NavLink[] = [
  { label: 'Solutions', href: routes.solutions },
  { label: 'Results', href: routes.results },
  { label: 'POV', href: routes.pov },
];

export const companyNav: NavLink[] = [
  { label: 'About', href: routes.about },
  { label: 'Solutions', href: routes.solutions },
  { label: 'Our Results', href: routes.results },
  { label: 'Point of View', href: routes.pov },
  { label: 'Continuous Innovation Ecosystem', href: routes.cie },
];

export const legalNav: NavLink[] = [
  { label: 'Privacy Policy', href: routes.privacyPolicy },
  { label: 'Terms of Service', href: routes.termsOfService },
];
