/**
 * With CMS_MODE=off (the default, and how the browser tests build the site) the editor does not
 * exist: its addresses answer 404 and no built file, page or script carries any of its code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const client = path.resolve(import.meta.dirname, '../../dist/client');

test('the editor and its API answer 404', async ({ request }) => {
  for (const address of [
    '/keystatic',
    '/keystatic/login',
    '/keystatic/collection/caseStudies',
    '/keystatic/publishing',
  ]) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(404);
    expect(await response.text(), address).toContain('Page not found');
  }
  for (const address of ['/api/keystatic/tree', '/api/keystatic/github/login']) {
    expect((await request.get(address)).status(), address).toBe(404);
  }
  expect((await request.post('/api/keystatic/update', { data: {} })).status()).toBe(404);
});

test('no public page or bundle carries any of the editor', () => {
  const files = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(html|js|css|json|xml)$/.test(file),
  );
  expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(20);
  const carrying = files.filter((file) =>
    /keystatic|@keystatic|site editor/i.test(readFileSync(path.join(client, file), 'utf8')),
  );
  expect(carrying).toEqual([]);
});
