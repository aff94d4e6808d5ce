/**
 * Full-page screenshots at phone and desktop widths, for looking at what we build.
 * Usage: npm run screenshots -- [baseUrl] [path ...]   (PNG files land in ./screenshots, ignored by git)
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [baseUrl = 'http://127.0.0.1:4321', ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ['/'];
const widths = [375, 1280];
mkdirSync('screenshots/parts', { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 640 ? 812 : 800 } });
  for (const route of routes) {
    await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'networkidle' });
    // Scroll through once so lazy images and reveal animations have run.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await page.waitForTimeout(400);
    const name = route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
    // Also in screen-sized parts: a tall page shrunk to fit a viewer hides its details.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const part = width < 640 ? 1000 : 1100;
    for (let y = 0, index = 1; y < height; y += part, index += 1) {
      const clip = { x: 0, y, width, height: Math.min(part, height - y) };
      await page.screenshot({ path: `screenshots/parts/${name}-${width}-${index}.png`, fullPage: true, clip });
    }
  }
  await page.close();
}
await browser.close();
