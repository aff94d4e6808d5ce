import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
const [base, ...jobs] = process.argv.slice(2);
mkdirSync('/tmp/vt-shots', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const job of jobs) {
  const [route, w, full, scrollTo] = job.split(',');
  const page = await browser.newPage({ viewport: { width: Number(w), height: 800 }, reducedMotion: 'reduce' });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
  const name = `${route.replace(/[^a-z0-9]+/gi, '_')}-${w}${scrollTo ? '-' + scrollTo.replace(/[^a-z0-9]+/gi, '') : ''}.png`;
  await page.screenshot({ path: `/tmp/vt-shots/${name}`, fullPage: full === 'full' });
  console.log(name);
  await page.close();
}
await browser.close();
