/**
 * The editor in CMS_MODE=local, driven in the browser against the production server running on a
 * copy of the project (tests/support/cms-site.ts), so saves and rebuilds never touch the work tree.
 * Each save rebuilds the site in the background: these tests wait for /healthz to report the
 * publish, then read the public pages. Builds take a minute or more each, so this file runs once
 * (desktop project) and its steps share one server, in order.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type CmsSite, startCmsSite } from '../support/cms-site.ts';
import { rawRequest } from '../support/raw-http.ts';

const PASSWORD = 'correct horse battery staple';
const port = Number(process.env.E2E_CMS_PORT ?? Number(process.env.E2E_PORT ?? 4329) + 7);
const BUILD_WAIT = 6 * 60_000;

let site: CmsSite;
// The editor loads its content from the server before it shows a field: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern, and this one needs none
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: it rebuilds the site');
  test.setTimeout(6 * 60_000);
  site = await startCmsSite(port, PASSWORD);
});
test.afterAll(async () => {
  await site?.stop();
});

const file = (relative: string) => readFileSync(path.join(site.dir, relative), 'utf8');
const original = (relative: string) => readFileSync(path.resolve(import.meta.dirname, '../..', relative), 'utf8');

/** A Markdown file's frontmatter as data, and its body. */
function frontmatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  return { data: parseYaml(match?.[1] ?? '') as Record<string, unknown>, body: match?.[2] ?? '' };
}

/** Markdown as its words: list markers and blank lines are how a serializer writes, not what it says. */
const words = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => line.replace(/^\s*[-*]\s+/, '').trim())
    .filter(Boolean);

interface Publishing {
  building: boolean;
  last: { outcome: 'published' | 'failed'; finishedAt: string; files?: string[] } | null;
}

async function publishing(): Promise<Publishing> {
  const response = await fetch(`${site.url}/healthz`);
  return ((await response.json()) as { publishing: Publishing }).publishing;
}

/** Waits until no build runs or waits and one finished after `since`; returns the last result. */
async function publishedAfter(since: string | undefined) {
  await expect
    .poll(
      async () => {
        const now = await publishing();
        return !now.building && now.last !== null && now.last.finishedAt !== since;
      },
      { timeout: BUILD_WAIT, intervals: [1000, 2000, 5000] },
    )
    .toBe(true);
  return (await publishing()).last;
}

async function logIn(page: Page) {
  await page.goto(`${site.url}/keystatic`);
  await expect(page.getByRole('heading', { name: 'Log in to the site editor' })).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
}

/** Clicks Save (or Create) and waits for Keystatic's write to be answered. */
async function save(page: Page, button: 'Save' | 'Create' = 'Save') {
  const written = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page.getByRole('button', { name: button, exact: true }).click();
  expect((await written).status()).toBe(200);
}

test('the login page works by keyboard, says what went wrong, and has no accessibility violation', async ({ page }) => {
  await page.goto(`${site.url}/keystatic/login`);
  await expectNoAxeViolations(page);
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('That password is not right.');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test("the header's Log out works by keyboard, and afterwards neither the editor, Back nor its API open", async ({
  page,
  context,
}) => {
  await logIn(page);
  const session = (await context.cookies()).find((cookie) => cookie.name === 'humanwise_editor');
  expect(session).toBeDefined();
  // Never kept by the browser, so Back cannot show it from a cache once the session is over.
  expect((await page.request.get(`${site.url}/keystatic`)).headers()['cache-control']).toBe('no-store');

  const logOut = page.getByRole('button', { name: 'Log out' });
  await expect(logOut).toBeVisible();
  // Reached with Tab from the top of the page, like any control, and pressed with Enter.
  for (let presses = 0; presses < 10 && !(await logOut.evaluate((button) => button === document.activeElement)); ) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(logOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Log in to the site editor' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You have logged out. Log in again to edit the site.');
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Log in to the site editor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto(`${site.url}/keystatic/collection/caseStudies`);
  await expect(page.getByRole('heading', { name: 'Log in to the site editor' })).toBeVisible();

  // The old session's cookie, sent anyway, opens nothing.
  const cookie = `humanwise_editor=${session?.value}`;
  expect((await fetch(`${site.url}/keystatic`, { headers: { cookie } })).status).toBe(401);
  expect((await fetch(`${site.url}/api/keystatic/tree`, { headers: { cookie, 'no-cors': '1' } })).status).toBe(401);
});

test("the header shows the editor's name whole beside its Publishing status and Log out", async ({ page }) => {
  await logIn(page);
  const name = page.getByText('Humanwise', { exact: true });
  await expect(name).toBeVisible();
  await expect(page.getByRole('link', { name: 'Publishing status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // Keystatic clamps a name that does not fit to one line ending in an ellipsis: its box is then
  // narrower than the name set on one line, measured here on a copy beside it (the same styles).
  const widths = await name.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.style.cssText = 'position: absolute; visibility: hidden; display: inline-block; white-space: nowrap;';
    element.parentElement?.append(copy);
    const whole = copy.getBoundingClientRect().width;
    copy.remove();
    return { whole, shown: element.getBoundingClientRect().width };
  });
  expect(widths.shown).toBeGreaterThanOrEqual(widths.whole - 0.5);
});

test('without logging in, the editor and its API answer 401 and show the login', async () => {
  const page = await fetch(`${site.url}/keystatic`);
  expect(page.status).toBe(401);
  expect(await page.text()).toContain('Log in to the site editor');
  expect((await fetch(`${site.url}/api/keystatic/tree`, { headers: { 'no-cors': '1' } })).status).toBe(401);
  const write = await fetch(`${site.url}/api/keystatic/update`, {
    method: 'POST',
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ additions: [], deletions: [{ path: 'src/content/legal/privacy-policy.md' }] }),
  });
  expect(write.status).toBe(401);
  expect(existsSync(path.join(site.dir, 'src/content/legal/privacy-policy.md'))).toBe(true);
});

test('no other spelling of its addresses opens the editor without logging in', async () => {
  // Astro reads a path more loosely than the server: each of these was the editor's page to Astro,
  // rendered without the login the server asks at /keystatic.
  const port = Number(new URL(site.url).port);
  for (const target of ['/%6beystatic', '/keystatic.html', '/x/../keystatic', '/%6beystatic/collection/programs']) {
    const answer = await rawRequest(port, target);
    expect(answer.status, target).toBe(404);
    expect(answer.body, target).not.toContain('<title>Site editor');
  }
  // The API reads its own raw path, so another spelling never reached it: it must stay so.
  const api = await rawRequest(port, '/%61pi/keystatic/tree', { headers: { 'no-cors': '1' } });
  expect(api.status).toBe(404);
});

test('the editor runs on React itself, and the islands still on Preact', async ({ page }) => {
  const assets = path.join(site.dir, 'dist/client/_astro');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const editor = scripts.filter((name) => name.startsWith('EditorPage'));
  expect(editor).toHaveLength(1);
  const editorCode = readFileSync(path.join(assets, editor[0] ?? ''), 'utf8');
  expect(editorCode).toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
  expect(editorCode).not.toMatch(/preact/i);
  // No island script carries React's client or the editor.
  for (const name of scripts.filter((script) => !editor.includes(script))) {
    const code = readFileSync(path.join(assets, name), 'utf8');
    expect(code, name).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
    expect(code, name).not.toMatch(/keystatic/i);
  }
  // And the editor shows, under the production server's policy, with no script error.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await logIn(page);
  await page.goto(`${site.url}/keystatic/collection/caseStudies`);
  await expect(page.getByRole('heading', { name: 'Case studies' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("Solutions under Pages opens the page's copy, and under Content the solutions", async ({ page }) => {
  await logIn(page);
  const pageCopy = JSON.parse(original('src/content/pages/solutions.json')) as { seo: { title: string } };
  await page.getByRole('list', { name: 'Pages' }).getByRole('link', { name: 'Solutions', exact: true }).click();
  await expect(page).toHaveURL(/\/keystatic\/singleton\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Search title' })).toHaveValue(pageCopy.seo.title);

  await page.getByRole('list', { name: 'Content' }).getByRole('link', { name: 'Solutions', exact: true }).click();
  await expect(page).toHaveURL(/\/keystatic\/collection\/solutions$/);
  await expect(page.getByText('custom-agent-development', { exact: true })).toBeVisible();
});

test("a field with a limit says it under its label, from the field's own rule", async ({ page }) => {
  await logIn(page);
  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/stella`);
  await expect(page.getByRole('textbox', { name: 'Card summary' })).toHaveAccessibleDescription(
    'One or two sentences for the Results card. At most 240 characters.',
  );
  await expect(page.getByRole('textbox', { name: 'Search title' })).toHaveAccessibleDescription(
    /At most 70 characters\.$/,
  );
  await expect(page.getByText('At most 4 items.', { exact: true })).toBeVisible();
});

test("lists head the address column in the team's words, and its field says what a change does to the page", async ({
  page,
}) => {
  await logIn(page);
  await page.goto(`${site.url}/keystatic/collection/caseStudies`);
  await expect(page.getByRole('columnheader')).toHaveText(['Web address', 'Title', 'Category', 'Order']);
  await page.goto(`${site.url}/keystatic/collection/offers`);
  await expect(page.getByRole('columnheader')).toHaveText(['Web address', 'Offer name']);
  await expect(page.getByRole('row', { name: /AI Advantage Lab/ })).toContainText('ai-advantage-lab');
  await page.goto(`${site.url}/keystatic/collection/legal`);
  await expect(page.getByRole('columnheader')).toHaveText(['Web address', 'Title']);
  await page.goto(`${site.url}/keystatic/collection/solutions`);
  await expect(page.getByRole('columnheader')).toHaveText(['File name', 'Title', 'Order']);

  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/stella`);
  await expect(page.getByRole('textbox', { name: 'Web address' })).toHaveValue('stella');
  await expect(page.getByRole('textbox', { name: 'Web address' })).toHaveAccessibleDescription(
    "The end of the page's web address, after /case-study/; made from the title when the entry is added. " +
      'Changing it later moves the page, and the old address then shows "Page not found" to anyone who follows a link to it.',
  );
  await page.goto(`${site.url}/keystatic/collection/programs/item/orchestration`);
  await expect(page.getByRole('textbox', { name: 'Web address' })).toHaveAccessibleDescription(
    /It cannot change while an offer names this program\.$/,
  );
});

test("a legal text's instructions show above it, where its %…% markers are read", async ({ page }) => {
  await logIn(page);
  await page.goto(`${site.url}/keystatic/collection/legal/item/privacy-policy`);
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toContainText('%if analytics%');
  await expect(page.getByText('Text', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Write %contact email% where the contact address goes: the page shows it as a link.', {
      exact: false,
    }),
  ).toBeVisible();
});

test("a case study's title and a program's headline, saved, are live after the background rebuild", async ({
  page,
}) => {
  test.setTimeout(2 * BUILD_WAIT);
  const before = (await publishing()).last?.finishedAt;
  await logIn(page);

  await page.getByRole('list', { name: 'Content' }).getByRole('link', { name: 'Case studies' }).click();
  await expect(page.getByText('stella', { exact: true })).toBeVisible();
  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/stella`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('A Life-Planning Platform That Starts With the Person, Not the Policy');
  await title.fill('A Later-Life Planning Platform Built Around the Person');
  await save(page);

  await page.goto(`${site.url}/keystatic/collection/programs/item/orchestration`);
  const headline = page.getByRole('textbox', { name: 'Page headline' });
  await headline.fill('One experience for your customers, designed across every channel, person and AI agent.');
  await save(page);

  // The files: exactly the fields edited changed (Keystatic writes YAML and Markdown its own way).
  const study = frontmatter(file('src/content/case-studies/stella.md'));
  const studyBefore = frontmatter(original('src/content/case-studies/stella.md'));
  expect(study.data).toEqual({ ...studyBefore.data, title: 'A Later-Life Planning Platform Built Around the Person' });
  expect(words(study.body)).toEqual(words(studyBefore.body));
  expect(JSON.parse(file('src/content/programs/orchestration.json'))).toEqual({
    ...JSON.parse(original('src/content/programs/orchestration.json')),
    tagline: 'One experience for your customers, designed across every channel, person and AI agent.',
  });

  // The public site, without a restart: both changes, once the rebuild is live.
  expect(await publishedAfter(before)).toMatchObject({ outcome: 'published' });
  await page.goto(`${site.url}/case-study/stella`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A Later-Life Planning Platform Built Around the Person',
  );
  await page.goto(`${site.url}/program/orchestration`);
  await expect(
    page.getByText('One experience for your customers, designed across every channel, person and AI agent.'),
  ).toBeVisible();
});

test('an empty title and a category outside the list are refused with a message, and nothing is written', async ({
  page,
}) => {
  await logIn(page);
  const before = file('src/content/case-studies/cdp.md');
  let writes = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/keystatic/update')) writes += 1;
  });
  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/cdp`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).not.toHaveValue('');
  await title.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Title must not be empty').first()).toBeVisible();
  expect(writes).toBe(0);
  expect(file('src/content/case-studies/cdp.md')).toBe(before);

  // The editor offers only the six categories; a save sent around it is refused by the server.
  await page.getByRole('button', { name: /Automotive/ }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Healthcare',
    'Insurance',
    'Retail',
    'Employee Experience',
    'Training',
    'Automotive',
  ]);
  await page.keyboard.press('Escape');
  const banking = before.replace(/^category: .*$/m, 'category: Banking');
  const response = await page.request.post(`${site.url}/api/keystatic/update`, {
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    data: {
      additions: [{ path: 'src/content/case-studies/cdp.md', contents: Buffer.from(banking).toString('base64url') }],
      deletions: [],
    },
  });
  expect(response.status()).toBe(422);
  expect(await response.text()).toMatch(
    /^Not saved: src\/content\/case-studies\/cdp\.md has a field the site does not accept\..*category/s,
  );
  expect(file('src/content/case-studies/cdp.md')).toBe(before);
});

test('a story holding HTML, or text the editor cannot open, is refused with what to do instead, and nothing is written', async ({
  page,
}) => {
  await logIn(page);
  const before = file('src/content/case-studies/cdp.md');
  // The editor writes a typed or pasted "<" as text; a body with tags comes from around its form.
  const post = (body: string) =>
    page.request.post(`${site.url}/api/keystatic/update`, {
      headers: { 'no-cors': '1', 'content-type': 'application/json' },
      data: {
        additions: [{ path: 'src/content/case-studies/cdp.md', contents: Buffer.from(body).toString('base64url') }],
        deletions: [],
      },
    });
  const refused = await post(`${before.trimEnd()}\n\nRetention rose by <b>a third</b>.\n`);
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toMatch(
    /^Not saved: "Story" holds HTML \(<b>, <\/b>\), which the site would show as text, tags and all\. Remove the tags and format the text with the editor's toolbar/,
  );
  // Text the editor itself could not open once written (its form reads a body as MDX), by its own parse.
  const braces = await post(`${before.trimEnd()}\n\nRetention rose by {roughly} a third.\n`);
  expect(braces.status()).toBe(422);
  expect(await braces.text()).toMatch(
    /^Not saved: "Story" holds “\{roughly\} a third\.”, curly braces \{ \}, which the editor reads as code\./,
  );
  expect(file('src/content/case-studies/cdp.md')).toBe(before);
});

test('a case study added with an uploaded image is written with it, then deleted with it', async ({ page }) => {
  test.setTimeout(2 * BUILD_WAIT);
  const before = (await publishing()).last?.finishedAt;
  await logIn(page);
  await page.goto(`${site.url}/keystatic/collection/caseStudies/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Rethinking Claims for a Regional Insurer');
  await expect(page.getByRole('textbox', { name: 'Web address' })).toHaveValue(
    'rethinking-claims-for-a-regional-insurer',
  );
  await page
    .getByRole('textbox', { name: 'Card summary' })
    .fill(
      'A claims journey redesigned with adjusters and customers, with AI triage that hands every decision to a person.',
    );
  await page.getByRole('button', { name: /Healthcare/ }).click();
  await page.getByRole('option', { name: 'Insurance' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({
    name: 'claims.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(original('src/assets/art/case-studies/insurance-concept/image.svg')),
  });
  await page
    .getByRole('textbox', { name: 'Image description (alt text)' })
    .fill(
      'Abstract artwork: amber lines converging on one violet node, evoking many claims meeting one clear decision.',
    );
  await page.getByRole('textbox', { name: 'Client', exact: true }).fill('A regional property insurer');
  await page.getByRole('textbox', { name: 'Industry' }).fill('Insurance · Claims');
  await page
    .getByRole('textbox', { name: 'Result' })
    .fill('Claims reached a decision faster, with every denial reviewed by a person.');
  await page.getByRole('textbox', { name: 'Order', exact: true }).fill('18');
  await page.getByRole('textbox', { name: 'Search title' }).fill('Claims journey redesign for an insurer: case study');
  await page
    .getByRole('textbox', { name: 'Search description' })
    .fill('Redesigning an insurer’s claims journey with adjusters and customers, with AI triage and human decisions.');
  await page
    .getByRole('textbox', { name: 'Story' })
    .fill('Challenge: claims took weeks and customers could not see where theirs stood.');
  await save(page, 'Create');

  const entry = 'src/content/case-studies/rethinking-claims-for-a-regional-insurer.md';
  await expect.poll(() => existsSync(path.join(site.dir, entry))).toBe(true);
  const written = frontmatter(file(entry));
  expect(written.data).toMatchObject({
    title: 'Rethinking Claims for a Regional Insurer',
    category: 'Insurance',
    order: 18,
    image: '../../assets/art/case-studies/rethinking-claims-for-a-regional-insurer/image.svg',
  });
  const artDir = path.join(site.dir, 'src/assets/art/case-studies/rethinking-claims-for-a-regional-insurer');
  expect(readdirSync(artDir)).toEqual(['image.svg']);
  expect(readFileSync(path.join(artDir, 'image.svg'), 'utf8')).toBe(
    original('src/assets/art/case-studies/insurance-concept/image.svg'),
  );

  await page.getByRole('button', { name: 'Delete entry…' }).click();
  const written2 = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /delete/i })
    .click();
  expect((await written2).status()).toBe(200);
  expect(existsSync(path.join(site.dir, entry))).toBe(false);
  expect(existsSync(path.join(artDir, 'image.svg'))).toBe(false);

  // Both saves rebuilt the site; the entry never reached a visitor once deleted.
  expect(await publishedAfter(before)).toMatchObject({ outcome: 'published' });
  expect((await fetch(`${site.url}/case-study/rethinking-claims-for-a-regional-insurer`)).status).toBe(404);
});

test('a PNG artwork is refused at save, naming the field, and nothing is written', async ({ page }) => {
  await logIn(page);
  const before = file('src/content/case-studies/cdp.md');
  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/cdp`);
  await expect(page.getByText('An SVG file only')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  });
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await refused).status()).toBe(422);
  await expect(
    page.getByText('Not saved: "Artwork" must be an SVG file (a name ending in .svg), and image.png is not one'),
  ).toBeVisible();
  expect(file('src/content/case-studies/cdp.md')).toBe(before);
  expect(readdirSync(path.join(site.dir, 'src/assets/art/case-studies/cdp'))).toEqual(['image.svg']);
});

test('a change the build refuses is refused at save; one made outside the editor leaves the live site as it was and says why on the status page', async ({
  page,
}) => {
  test.setTimeout(2 * BUILD_WAIT);
  const before = (await publishing()).last?.finishedAt;
  await logIn(page);
  // That a revision is not older than the publication is the build's rule, across two fields: the save applies it.
  const stella = 'src/content/case-studies/stella.md';
  const saved = file(stella);
  await page.goto(`${site.url}/keystatic/collection/caseStudies/item/stella`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('This Title Must Never Reach the Site');
  await page.getByLabel('Last revised').fill('2001-01-01');
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await refused).status()).toBe(422);
  await expect(
    page.getByText(
      'Not saved: "Last revised" must not be earlier than "Published" (case study "This Title Must Never Reach the Site")',
    ),
  ).toBeVisible();
  expect(file(stella)).toBe(saved);

  // The same change made by hand reaches only the build, with the next save of anything.
  writeFileSync(
    path.join(site.dir, stella),
    saved
      .replace(/^title: .*$/m, 'title: This Title Must Never Reach the Site')
      .replace(/^updated: .*$/m, 'updated: 2001-01-01'),
  );
  await page.goto(`${site.url}/keystatic/collection/programs/item/orchestration`);
  await page
    .getByRole('textbox', { name: 'Page headline' })
    .fill('One experience for your customers, across every channel.');
  await save(page);

  const last = await publishedAfter(before);
  expect(last).toMatchObject({ outcome: 'failed', files: ['src/content/case-studies/stella.md'] });
  await page.goto(`${site.url}/case-study/stella`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A Later-Life Planning Platform Built Around the Person',
  );

  // The editor links to the publishing status from its header, in the editor's typeface. The status
  // says, in the editor's words, which entry (by the title it was saved with) and which field (by its
  // label), and links to it.
  await page.goto(`${site.url}/keystatic`);
  const brandFont = await page
    .getByText('Humanwise', { exact: true })
    .evaluate((name) => getComputedStyle(name).fontFamily);
  expect(brandFont).toMatch(/sans-serif$/);
  await expect(page.getByRole('link', { name: 'Publishing status' })).toHaveCSS('font-family', brandFont);
  await page.getByRole('link', { name: 'Publishing status' }).click();
  await expect(page.getByRole('heading', { name: 'Publishing status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last attempt: not published' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Not published.');
  await expect(alert).toContainText('a problem in case study “This Title Must Never Reach the Site”');
  await expect(alert).toContainText('the site still shows the previous version');
  await expect(alert.locator('time')).toContainText(/ ago|just now/);
  await expect(alert).toContainText('UTC');
  await expect(page.locator('main li')).toHaveText([
    'Last revised: “Last revised” must not be earlier than “Published”.',
  ]);
  await expect(
    page.getByRole('link', { name: 'Open case study “This Title Must Never Reach the Site” in the editor' }),
  ).toHaveAttribute('href', '/keystatic/collection/caseStudies/item/stella');
  // The build's own words are one click away, without the server's folder.
  await expect(page.locator('details pre')).toBeHidden();
  await page.getByText('What the build said').click();
  await expect(page.locator('details pre')).toContainText('updated must not be earlier than published');
  expect(await page.content()).not.toContain(site.dir);
  await expectNoAxeViolations(page);
});

test('the status page’s link opens the entry to fix; while the fix builds, the failure is the previous attempt', async ({
  page,
}) => {
  test.setTimeout(2 * BUILD_WAIT);
  const before = (await publishing()).last?.finishedAt;
  expect((await publishing()).last).toMatchObject({ outcome: 'failed' });
  await logIn(page);
  await page.goto(`${site.url}/keystatic/publishing`);
  await page.getByRole('link', { name: /^Open case study “.*” in the editor$/ }).click();
  await expect(page).toHaveURL(`${site.url}/keystatic/collection/caseStudies/item/stella`);
  await expect(page.getByLabel('Last revised')).toHaveValue('2001-01-01');
  await page
    .getByRole('textbox', { name: 'Title', exact: true })
    .fill('A Later-Life Planning Platform Built Around the Person');
  await page.getByLabel('Last revised').fill('2026-11-22');
  await save(page);

  await page.goto(`${site.url}/keystatic/publishing`);
  await expect(page.getByRole('status')).toContainText('Publishing…');
  await expect(page.getByRole('heading', { name: 'Previous attempt: not published' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  expect(await publishedAfter(before)).toMatchObject({ outcome: 'published' });
  await page.goto(`${site.url}/keystatic/publishing`);
  await expect(page.getByRole('heading', { name: 'Last publish' })).toBeVisible();
  await expect(page.locator('main')).toContainText('Live. The last changes went live');
  await page.goto(`${site.url}/case-study/stella`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A Later-Life Planning Platform Built Around the Person',
  );
});
