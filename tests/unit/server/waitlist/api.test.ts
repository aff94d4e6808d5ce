import { WAITLIST_KEY_CONFLICT_MESSAGE } from '../../../../src/lib/waitlist/api.ts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WaitlistFormState } from '../../../../src/lib/waitlist/api.ts';
import { frustrationOptions, goalOptions } from '../../../../src/lib/waitlist/schema.ts';
import { openSqliteLeadStore, type LeadStore } from '../../../../src/server/leads/store.ts';
import { formBody, validSubmission } from '../../../support/lead-fixture.ts';
import { startWaitlistServer, type WaitlistServer, type WaitlistServerOptions } from './harness.ts';

let dir: string;
let store: LeadStore;
let server: WaitlistServer;
/** POST /api/waitlist: the wizard's JSON endpoint. */
let base: string;
/** POST /waitlist: the no-JavaScript form posting to its own page. */
let page: string;
let rendered: WaitlistFormState[];
let events: Record<string, unknown>[];

async function startServer(options: Omit<WaitlistServerOptions, 'store'> & { store?: LeadStore } = {}) {
  server = await startWaitlistServer({ ...options, store: options.store ?? store });
  ({ rendered, events } = server);
  base = `${server.origin}/api/waitlist`;
  page = `${server.origin}/waitlist`;
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'waitlist-api-'));
  store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'));
  await startServer();
});

afterEach(async () => {
  await server.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function restart(options: Parameters<typeof startServer>[0]) {
  await server.stop();
  await startServer(options);
}

function postJson(body: unknown, headers: Record<string, string> = {}) {
  return fetch(base, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Posts the plain form as a browser does; the 303 is checked here rather than followed. */
function postForm(params: URLSearchParams | string, headers: Record<string, string> = {}) {
  return fetch(page, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: params.toString(),
    redirect: 'manual',
  });
}

function expectJoined(response: Response, program: string | null) {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/waitlist/joined${program ? `?program=${program}` : ''}`);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

async function expectJsonError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { status: string; message: string };
  expect(body.status).toBe('error');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

/** The shared lead as the plain form posts it, from a program page; `undefined` leaves a field out. */
function formParams(overrides: Record<string, string | string[] | undefined> = {}): URLSearchParams {
  return formBody(
    validSubmission({ program: 'opportunity-mapping', website: '', idempotencyKey: randomUUID(), ...overrides }),
  );
}

describe('JSON submissions', () => {
  it('stores a valid submission and answers 201 with its id', async () => {
    const key = randomUUID();
    const response = await postJson(validSubmission({ name: '  Dana Whitfield  ', program: 'ripple-effect' }), {
      'Idempotency-Key': key,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { status: string; id: string };
    expect(body).toEqual({ status: 'ok', id: expect.any(String) });
    const leads = await store.list();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id: body.id,
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example.com',
      sourceProgram: 'ripple-effect',
      earlyAccess: true,
    });
  });

  it('answers a repeated idempotency key with the same id and stores one lead', async () => {
    const key = randomUUID();
    const first = (await (await postJson(validSubmission(), { 'Idempotency-Key': key })).json()) as { id: string };
    const second = await postJson(validSubmission(), { 'Idempotency-Key': key });
    expect(second.status).toBe(201);
    expect(((await second.json()) as { id: string }).id).toBe(first.id);
    expect(await store.count()).toBe(1);
  });

  it('answers 422 when a stored key comes back with a different lead, and keeps the first', async () => {
    const key = randomUUID();
    const first = (await (await postJson(validSubmission(), { 'Idempotency-Key': key })).json()) as { id: string };
    const changed = await postJson(validSubmission({ companyName: 'Another Company' }), { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ status: 'error', message: WAITLIST_KEY_CONFLICT_MESSAGE });
    const otherProgram = await postJson(validSubmission({ program: 'ripple-effect' }), { 'Idempotency-Key': key });
    expect(otherProgram.status).toBe(422);
    // Whitespace the schema trims away is the same lead.
    const same = await postJson(validSubmission({ name: ' Dana Whitfield ' }), { 'Idempotency-Key': key });
    expect(same.status).toBe(201);
    expect(((await same.json()) as { id: string }).id).toBe(first.id);
    const leads = await store.list();
    expect(leads.map((l) => [l.id, l.companyName])).toEqual([[first.id, 'Northwind Regional Health']]);
  });

  it('stores one lead when the same key arrives 20 times at once (a double click, retries)', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postJson(validSubmission(), { 'Idempotency-Key': key })),
    );
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect(await store.count()).toBe(1);
  });

  it('stores each submission without a key (the server makes one)', async () => {
    expect((await postJson(validSubmission())).status).toBe(201);
    expect((await postJson(validSubmission())).status).toBe(201);
    expect(await store.count()).toBe(2);
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', 'x'.repeat(101), 'Name must be less than 100 characters'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', '', 'Invalid email address'],
    ['email', `${'e'.repeat(250)}@example.com`, 'Email must be less than 255 characters'],
    ['companyName', '  ', 'Company name is required'],
    ['companyName', 'c'.repeat(201), 'Company name must be less than 200 characters'],
    ['role', '', 'Please select an option'],
    ['role', 'Chief Executive', 'Please select an option'],
    ['goal', [], 'Please select at least one option'],
    ['goal', ['Something else'], 'Please select at least one option'],
    ['frustrations', [], 'Please select at least one frustration'],
    ['investment', '', 'Please select an option'],
    ['investment', '$1,000,000', 'Please select an option'],
    ['additionalInfo', 'a'.repeat(2001), 'Additional information must be less than 2000 characters'],
    ['name', 42, 'Name is required'],
    ['earlyAccess', 'yes', 'Please check the box or leave it empty'],
    ['name', 'Dana\u0000', 'Name contains characters we cannot accept'],
  ])('400 for %s = %j: "%s"', async (field, value, message) => {
    const response = await postJson(validSubmission({ [field]: value }));
    const body = await expectJsonError(response, 400, 'Please correct the highlighted fields.');
    expect((body as unknown as { errors: Record<string, string> }).errors).toEqual({ [field]: message });
    expect(await store.count()).toBe(0);
  });

  it('400 with every required field for an empty object', async () => {
    const body = await expectJsonError(await postJson({}), 400, 'Please correct the highlighted fields.');
    expect(Object.keys((body as unknown as { errors: object }).errors).toSorted()).toEqual([
      'companyName',
      'email',
      'frustrations',
      'goal',
      'investment',
      'name',
      'role',
    ]);
  });

  it.each([['{"name": "Dana"'], [''], ['not json'], ["{'name': 'Dana'}"]])('400 for malformed JSON %j', async (raw) => {
    await expectJsonError(await postJson(raw), 400, 'The request body is not valid JSON.');
  });

  it('400 for a body that is not UTF-8', async () => {
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    await expectJsonError(response, 400, 'The request body is not valid JSON.');
  });

  it.each([['[]'], ['null'], ['"text"'], ['42']])('400 for JSON that is not an object (%s)', async (raw) => {
    await expectJsonError(await postJson(raw), 400, 'The request body must be a JSON object.');
  });

  it('400 for an extra field, naming it', async () => {
    await expectJsonError(
      await postJson(validSubmission({ isAdmin: true })),
      400,
      'The request contains fields this form does not accept: isAdmin.',
    );
    expect(await store.count()).toBe(0);
  });

  it('400 for an idempotencyKey field in JSON (the key belongs in the header)', async () => {
    await expectJsonError(await postJson(validSubmission({ idempotencyKey: randomUUID() })), 400, /idempotencyKey/);
  });

  it.each([
    ['a __proto__ key', `{"__proto__": {"polluted": true}, ${JSON.stringify(validSubmission()).slice(1)}`],
    ['a constructor key', `{"constructor": {"prototype": {}}, ${JSON.stringify(validSubmission()).slice(1)}`],
    ['a nested __proto__ key', JSON.stringify(validSubmission({ goal: [{ x: 1 }] })).replace('"x"', '"__proto__"')],
  ])('400 for %s', async (_label, raw) => {
    await expectJsonError(await postJson(raw), 400, 'The request contains a field name that is not allowed.');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await store.count()).toBe(0);
  });

  it('400 for a program that is not a slug, and for a honeypot that is not text', async () => {
    await expectJsonError(await postJson(validSubmission({ program: '../admin' })), 400, /program/);
    await expectJsonError(await postJson(validSubmission({ program: 7 })), 400, /program/);
    await expectJsonError(await postJson(validSubmission({ website: { url: 'x' } })), 400, /website/);
    expect(await store.count()).toBe(0);
  });

  it('accepts a missing or null program', async () => {
    expect((await postJson(validSubmission({ program: null }))).status).toBe(201);
    expect((await store.list())[0]?.sourceProgram).toBeNull();
  });

  it.each([['short'], ['has spaces in it'], ['x'.repeat(129)], ['semi;colon;key']])(
    '400 for a malformed Idempotency-Key header (%s)',
    async (key) => {
      await expectJsonError(
        await postJson(validSubmission(), { 'Idempotency-Key': key }),
        400,
        'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
      );
      expect(await store.count()).toBe(0);
    },
  );
});

describe('transport limits', () => {
  it.each([
    ['text/plain'],
    ['multipart/form-data; boundary=x'],
    ['application/xml'],
    ['application/json; charset=latin1'],
  ])('415 for Content-Type %s', async (type) => {
    const response = await fetch(base, { method: 'POST', headers: { 'Content-Type': type }, body: '{}' });
    await expectJsonError(response, 415, /application\/json/);
  });

  it('415 without a Content-Type, and for a compressed body', async () => {
    await expectJsonError(
      await fetch(base, { method: 'POST', body: new Uint8Array([123, 125]) }),
      415,
      /application\/json/,
    );
    await expectJsonError(await postJson('{}', { 'Content-Encoding': 'gzip' }), 415, /application\/json/);
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    expect((await postJson(validSubmission(), { 'Content-Type': 'application/json; charset=UTF-8' })).status).toBe(201);
  });

  it('405 with Allow: POST for other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(base, { method });
      await expectJsonError(response, 405, 'Use POST to join the waiting list.');
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('413 for a 17 KB body, nothing stored', async () => {
    const body = JSON.stringify(validSubmission({ additionalInfo: 'x'.repeat(17 * 1024) }));
    expect(Buffer.byteLength(body)).toBeGreaterThan(16 * 1024);
    await expectJsonError(await postJson(body), 413, 'The request body is too large.');
    expect(await store.count()).toBe(0);
  });

  it('413 for a chunked body that grows past 16 KB', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(base, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(`{"additionalInfo": "${'y'.repeat(9000)}`);
      req.write('z'.repeat(9000));
      req.end('"}');
    });
    expect(status).toBe(413);
    expect(await store.count()).toBe(0);
  });

  it('408 and a closed connection for a body that never finishes', async () => {
    await restart({ bodyTimeoutMs: 300 });
    const url = new URL(base);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), '127.0.0.1', () => {
        socket.write(
          'POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":',
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('The request body took too long to arrive.');
    expect(await store.count()).toBe(0);
  });
});

describe('rate limit and honeypot', () => {
  it('429 with Retry-After past the limit, nothing more stored', async () => {
    await restart({ limit: 2 });
    expect((await postJson(validSubmission())).status).toBe(201);
    expect((await postJson(validSubmission())).status).toBe(201);
    const limited = await postJson(validSubmission());
    await expectJsonError(limited, 429, 'Too many submissions. Please try again in a few minutes.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    // Past the limit every answer is 429, even for a submission that would be invalid.
    await expectJsonError(await postJson({}), 429, 'Too many submissions. Please try again in a few minutes.');
    expect(await store.count()).toBe(2);
  });

  it('does not count invalid submissions against the limit', async () => {
    await restart({ limit: 1 });
    for (let i = 0; i < 5; i += 1) expect((await postJson(validSubmission({ email: 'typo' }))).status).toBe(400);
    expect((await postJson(validSubmission())).status).toBe(201);
  });

  it('limits by forwarded address only behind a trusted proxy', async () => {
    await restart({ limit: 1, trustProxy: true });
    expect((await postJson(validSubmission(), { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(201);
    expect((await postJson(validSubmission(), { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(201);
    expect((await postJson(validSubmission(), { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(429);
    await restart({ limit: 1, trustProxy: false });
    expect((await postJson(validSubmission(), { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(201);
    expect((await postJson(validSubmission(), { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(429);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const real = (await (await postJson(validSubmission())).json()) as Record<string, unknown>;
    const response = await postJson(validSubmission({ website: 'https://spam.example' }), {
      'Idempotency-Key': randomUUID(),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(Object.keys(real));
    expect(body.status).toBe('ok');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.id).not.toBe(real.id);
    expect(await store.count()).toBe(1);
  });

  it('still validates a honeypot submission (garbage gets a 400, not a success)', async () => {
    expect((await postJson({ website: 'x' })).status).toBe(400);
  });
});

describe('form posts (the no-JavaScript /waitlist page posting to itself)', () => {
  it('stores a valid form and answers 303 See Other to /waitlist/joined with the program', async () => {
    const key = randomUUID();
    const response = await postForm(formParams({ idempotencyKey: key }));
    expectJoined(response, 'opportunity-mapping');
    expect(rendered).toHaveLength(0); // nothing rendered from the POST: a reload of the answer is a GET
    const [stored] = await store.list();
    expect(stored).toMatchObject({
      name: 'Dana Whitfield',
      goal: [goalOptions[0], goalOptions[3]],
      frustrations: [frustrationOptions[1]],
      earlyAccess: true,
      sourceProgram: 'opportunity-mapping',
    });
  });

  it('ends on /waitlist/joined when followed like a browser, with a GET (a reload never resubmits)', async () => {
    const response = await fetch(page, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formParams().toString(),
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.origin}/waitlist/joined?program=opportunity-mapping`);
    expect(await response.text()).toContain('GET /waitlist/joined?program=opportunity-mapping');
    expect(await store.count()).toBe(1);
  });

  it('stores a form once when it is posted twice with the same key', async () => {
    const params = formParams();
    expectJoined(await postForm(params), 'opportunity-mapping');
    expectJoined(await postForm(params), 'opportunity-mapping');
    expect(await store.count()).toBe(1);
  });

  it('records an unticked checkbox as false', async () => {
    await postForm(formParams({ earlyAccess: undefined }));
    expect((await store.list())[0]?.earlyAccess).toBe(false);
  });

  it('renders the errors next to the kept values, and stores nothing', async () => {
    const key = randomUUID();
    const response = await postForm(
      formParams({
        name: '  ',
        email: 'dana@',
        goal: undefined,
        role: undefined,
        additionalInfo: 'Call me in May',
        idempotencyKey: key,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('POST /waitlist'); // the page rendered from the request as it arrived
    const [state] = rendered as [WaitlistFormState];
    expect(state.status).toBe(400);
    expect(state.errors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      role: 'Please select an option',
      goal: 'Please select at least one option',
    });
    expect(state.values).toMatchObject({
      name: '  ',
      email: 'dana@',
      companyName: 'Northwind Regional Health',
      goal: [],
      frustrations: [frustrationOptions[1]],
      investment: '$5,000–$10,000',
      additionalInfo: 'Call me in May',
      earlyAccess: true,
    });
    expect(state.values).not.toHaveProperty('website');
    expect(state.values).not.toHaveProperty('idempotencyKey');
    expect(state.idempotencyKey).toBe(key); // the corrected form dedupes with this attempt
    expect(state.program).toBe('opportunity-mapping');
    expect(await store.count()).toBe(0);
  });

  it('renders a general error for unknown or repeated fields, and stores nothing', async () => {
    const extra = formParams();
    extra.append('isAdmin', '1');
    await postForm(extra);
    const repeated = formParams();
    repeated.append('name', 'Second name');
    await postForm(repeated);
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const odd = formParams();
      odd.append(key, '1');
      await postForm(odd);
    }
    expect(rendered.map((r) => [r.status, r.errors.form])).toEqual(
      Array.from({ length: 5 }, () => [
        400,
        'We could not read your submission. Please check your answers and send the form again.',
      ]),
    );
    expect(rendered[0]?.values.name).toBe('Dana Whitfield');
    expect(await store.count()).toBe(0);
  });

  it('renders a general error for bytes that are not UTF-8, and stores nothing', async () => {
    // Escaped (%FF, an unfinished sequence, an encoded surrogate) and raw: none may become U+FFFD in the store.
    const body = formParams({ name: 'PLACEHOLDER' }).toString();
    for (const bytes of ['%FF', '%C3%28', '%ED%A0%80', '%E2%82']) {
      await postForm(body.replace('PLACEHOLDER', `Dana${bytes}Whitfield`));
    }
    const [before = '', after = ''] = body.split('PLACEHOLDER');
    await fetch(page, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Buffer.concat([Buffer.from(before), Buffer.from([0x44, 0xff, 0x61]), Buffer.from(after)]),
    });
    expect(rendered.map((r) => [r.status, r.errors.form])).toEqual(
      Array.from({ length: 5 }, () => [
        400,
        'We could not read your submission. Please check your answers and send the form again.',
      ]),
    );
    expect(await store.count()).toBe(0);
  });

  it('accepts escaped UTF-8, including a literal % and U+FFFD typed on purpose', async () => {
    expectJoined(
      await postForm(formParams({ name: 'José Núñez � 100%', companyName: 'Zürich 50%off' })),
      'opportunity-mapping',
    );
    expect((await store.list())[0]?.name).toBe('José Núñez � 100%');
  });

  it('renders 422 with a fresh key when the form comes back changed under a stored key; sending again stores it', async () => {
    const key = randomUUID();
    expectJoined(await postForm(formParams({ idempotencyKey: key })), 'opportunity-mapping');
    const changed = await postForm(formParams({ idempotencyKey: key, companyName: 'Northwind Regional Health Trust' }));
    expect(changed.status).toBe(422);
    const state = server.rendered.at(-1);
    expect(state?.errors.form).toBe(WAITLIST_KEY_CONFLICT_MESSAGE);
    expect(state?.values.companyName).toBe('Northwind Regional Health Trust');
    expect(state?.idempotencyKey).not.toBe(key);
    expectJoined(
      await postForm(
        formParams({ idempotencyKey: state?.idempotencyKey, companyName: 'Northwind Regional Health Trust' }),
      ),
      'opportunity-mapping',
    );
    expect((await store.list()).map((l) => l.companyName)).toEqual([
      'Northwind Regional Health',
      'Northwind Regional Health Trust',
    ]);
  });

  it('renders a general error with a fresh key for a malformed idempotency key', async () => {
    await postForm(formParams({ idempotencyKey: 'bad key!' }));
    const [state] = rendered as [WaitlistFormState];
    expect(state.status).toBe(400);
    expect(state.errors.form).toBeDefined();
    expect(state.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.count()).toBe(0);
  });

  it('keeps the lead but drops a program that is not a slug', async () => {
    expectJoined(await postForm(formParams({ program: '<script>' })), null);
    expect((await store.list())[0]?.sourceProgram).toBeNull();
  });

  it('renders the rate-limit message under "form" with status 429 and Retry-After', async () => {
    await restart({ limit: 1 });
    await postForm(formParams());
    const response = await postForm(formParams({ name: 'Second Person' }));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const last = rendered.at(-1) as WaitlistFormState;
    expect(last.status).toBe(429);
    expect(last.errors).toEqual({ form: 'Too many submissions. Please try again in a few minutes.' });
    expect(last.values.name).toBe('Second Person');
    expect(await store.count()).toBe(1);
  });

  it('answers a filled honeypot with the success redirect and stores nothing', async () => {
    expectJoined(await postForm(formParams({ website: 'http://spam.example' })), 'opportunity-mapping');
    expect(rendered).toHaveLength(0);
    expect(await store.count()).toBe(0);
  });

  it('renders a general error with status 413 for an oversized form', async () => {
    const response = await postForm(formParams({ additionalInfo: 'x'.repeat(17 * 1024) }));
    expect(response.status).toBe(413);
    expect(rendered[0]?.status).toBe(413);
    expect(rendered[0]?.errors.form).toBe('Your answers are too long to send. Please shorten them and try again.');
  });

  it('renders the store failure in place with status 503, keeping the answers', async () => {
    const broken: LeadStore = { ...store, save: () => Promise.reject(new Error('disk I/O error')) };
    await restart({ store: broken });
    const response = await postForm(formParams());
    expect(response.status).toBe(503);
    expect(rendered[0]).toMatchObject({
      status: 503,
      errors: { form: 'We could not save your details just now. Please try again in a moment.' },
      values: { name: 'Dana Whitfield' },
    });
  });

  it('renders a general error with status 415 for a body that is not a form', async () => {
    const response = await fetch(page, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validSubmission()),
    });
    expect(response.status).toBe(415);
    expect(rendered[0]?.errors.form).toBe(
      'We could not read your submission. Please check your answers and send the form again.',
    );
    expect(await store.count()).toBe(0);
  });

  it('sends a form posted to /api/waitlist (a page loaded before the move) on to /waitlist with 308', async () => {
    const params = formParams();
    const redirected = await fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: params.toString(),
      redirect: 'manual',
    });
    expect(redirected.status).toBe(308);
    expect(redirected.headers.get('location')).toBe('/waitlist');
    expect(await store.count()).toBe(0);
    // A browser posts the same body to /waitlist (308 keeps the method) and ends on the success page.
    const followed = await fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: params.toString(),
    });
    expect(followed.url).toBe(`${server.origin}/waitlist/joined?program=opportunity-mapping`);
    expect(await store.count()).toBe(1);
  });
});

describe('failures and logging', () => {
  it('503 when the store fails, with a retryable message', async () => {
    const broken: LeadStore = {
      ...store,
      kind: 'sqlite',
      save: () => Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR' })),
    };
    await restart({ store: broken });
    const response = await postJson(validSubmission());
    await expectJsonError(response, 503, 'We could not save your details just now. Please try again in a moment.');
  });

  it('never passes personal data to the log', async () => {
    await postJson(validSubmission({ program: 'orchestration' }));
    await postJson(validSubmission({ email: 'broken@' }));
    await postForm(formParams());
    await postForm(formParams({ email: 'also-broken' }));
    await postJson(validSubmission({ website: 'spam' }));
    const logged = JSON.stringify(events);
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const secret of ['Dana', 'Whitfield', 'example.com', 'broken@', 'Northwind', 'pilot', 'spam']) {
      expect(logged).not.toContain(secret);
    }
    expect(events.map((e) => e.outcome)).toEqual(['stored', 'invalid', 'stored', 'invalid', 'honeypot']);
  });
});
