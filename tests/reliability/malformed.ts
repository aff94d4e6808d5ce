/**
 * Generators (fast-check) of malformed waiting-list requests. Each one is malformed by
 * construction: no generated request is a valid submission, so the server must store none of them.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  frustrationOptions,
  goalOptions,
  HONEYPOT_FIELD,
  investmentOptions,
  roleOptions,
  WAITLIST_LIMITS,
  waitlistFields,
  waitlistSchema,
} from '../../src/lib/waitlist/schema.ts';
import { WAITLIST_API_PATH, WAITLIST_FORM_PATH } from '../../src/lib/waitlist/api.ts';
import { WAITLIST_BODY_LIMIT_BYTES } from '../../src/server/waitlist/decode.ts';
import type { SendOptions } from './http-client.ts';
import { formBody } from '../support/lead-fixture.ts';
import { submissionValues } from './submissions.ts';

export interface Malformed {
  category: string;
  /** JSON requests (POST /api/waitlist) are answered in JSON; form posts (POST /waitlist) with the page (HTML). */
  answer: 'json' | 'html';
  request: SendOptions;
}

const base = (): Record<string, unknown> => ({
  ...submissionValues('malformed', 1),
  program: 'ai-strategy-sprint',
  [HONEYPOT_FIELD]: '',
});
/** The fields a submission cannot leave out: those whose rule refuses no value. */
const REQUIRED = waitlistFields.filter((field) => !waitlistSchema.shape[field].safeParse(undefined).success);
/** The keys a JSON submission may carry: the schema's fields, the program it came from and the honeypot. */
const ALLOWED = new Set<string>([...waitlistFields, 'program', HONEYPOT_FIELD]);
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const jsonPost = (body: string | Buffer, headers: Record<string, string> = {}, chunked = false): SendOptions => ({
  method: 'POST',
  path: WAITLIST_API_PATH,
  headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
  body,
  chunked,
});
const json = (
  category: string,
  body: string | Buffer,
  headers?: Record<string, string>,
  chunked?: boolean,
): Malformed => ({
  category,
  answer: 'json',
  request: jsonPost(body, headers, chunked),
});

/** A form post of these values, with a fresh idempotency key. */
const formOf = (values: Record<string, unknown>) => formBody({ ...values, idempotencyKey: randomUUID() });
const form = (category: string, body: string | Buffer, chunked = false): Malformed => ({
  category,
  answer: 'html',
  request: {
    method: 'POST',
    path: WAITLIST_FORM_PATH,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    chunked,
  },
});

/* Building blocks ------------------------------------------------------------------------------ */

const letters = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxLength: 4 }),
  fc.dictionary(letters, fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxKeys: 3 }),
);
const notIn = (options: readonly string[]) => fc.string({ maxLength: 60 }).filter((s) => !options.includes(s));

/** A character the schema refuses inside a one-line field (control, bidi override, BOM, lone surrogate...). */
const forbiddenSingleLine = fc
  .oneof(
    fc.integer({ min: 0x00, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(
      0x2028,
      0x2029,
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
      0xfeff,
      0xfffe,
      0xffff,
    ),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));
/** The same for the multi-line field, where tab and line breaks are fine. */
const forbiddenMultiLine = forbiddenSingleLine.filter((c) => c !== '\t' && c !== '\n' && c !== '\r');
/** Inside the text, never at its ends, where trimming could remove a whitespace-like character. */
const around = (char: fc.Arbitrary<string>) => fc.tuple(letters, char, letters).map(([a, c, b]) => `${a}${c}${b}`);

/** A valid option made invalid in a way that is hard to see: spaces, zero-width characters, homoglyphs, case. */
const lookalike = (options: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...options), fc.constantFrom('trail', 'lead', 'zw', 'nbsp', 'cyrillic', 'upper', 'dash'))
    .map(([option, how]) => {
      switch (how) {
        case 'trail':
          return `${option} `;
        case 'lead':
          return ` ${option}`;
        case 'zw':
          return `${option.slice(0, 3)}\u200b${option.slice(3)}`;
        case 'nbsp':
          return option.replace(' ', '\u00a0');
        case 'cyrillic':
          return option.replace(/e/, '\u0435');
        case 'upper':
          return option.toUpperCase();
        default:
          return option.replace('–', '-').replace(/ /, '\u2013');
      }
    })
    .filter((value) => !options.includes(value));

/* JSON categories ------------------------------------------------------------------------------ */

const wrongType = fc
  .oneof(
    fc.record({
      field: fc.constantFrom('name', 'email', 'companyName', 'roleOther', 'additionalInfo'),
      value: notAString,
    }),
    fc.record({ field: fc.constant('role'), value: fc.oneof(notAString, notIn(roleOptions)) }),
    fc.record({ field: fc.constant('investment'), value: fc.oneof(notAString, notIn(investmentOptions)) }),
    fc.record({
      field: fc.constantFrom('goal', 'frustrations'),
      value: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.constant(null),
        fc.constant([]),
        fc.array(fc.oneof(fc.integer(), fc.constant(null), notIn([...goalOptions, ...frustrationOptions])), {
          minLength: 1,
          maxLength: 4,
        }),
      ),
    }),
    fc.record({
      field: fc.constant('earlyAccess'),
      value: fc.oneof(
        fc.integer(),
        fc.string({ maxLength: 8 }),
        fc.constant(null),
        fc.constant([true]),
        fc.constant({}),
      ),
    }),
  )
  .map(({ field, value }) => json('wrong type', JSON.stringify({ ...base(), [field]: value })));

const missing = fc.subarray([...REQUIRED], { minLength: 1 }).map((fields) => {
  const body = base();
  for (const field of fields) delete body[field];
  return json('missing fields', JSON.stringify(body));
});

const extraField = fc
  .record({
    key: fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((k) => !ALLOWED.has(k) && !(FORBIDDEN_KEYS as readonly string[]).includes(k)),
    value: fc.jsonValue({ maxDepth: 2 }),
  })
  .map(({ key, value }) => json('extra field', JSON.stringify({ ...base(), [key]: value })));

const tooLong = fc
  .record({
    field: fc.constantFrom('name', 'email', 'companyName', 'roleOther', 'additionalInfo'),
    extra: fc.integer({ min: 1, max: 400 }),
  })
  .map(({ field, extra }) => {
    const limit = WAITLIST_LIMITS[field as keyof typeof WAITLIST_LIMITS];
    const value = field === 'email' ? `${'a'.repeat(limit + extra - 12)}@example.com` : 'x'.repeat(limit + extra);
    return json('past a length limit', JSON.stringify({ ...base(), [field]: value }));
  });

const controlChars = fc
  .oneof(
    fc.record({
      field: fc.constantFrom('name', 'companyName', 'roleOther', 'email'),
      value: around(forbiddenSingleLine),
    }),
    fc.record({ field: fc.constant('additionalInfo'), value: around(forbiddenMultiLine) }),
  )
  .map(({ field, value }) =>
    json(
      'control character or odd Unicode',
      JSON.stringify({ ...base(), [field]: field === 'email' ? `${value}@example.com` : value }),
    ),
  );

const oddOption = fc
  .oneof(
    fc.record({ field: fc.constant('role'), value: lookalike(roleOptions) }),
    fc.record({ field: fc.constant('investment'), value: lookalike(investmentOptions) }),
    fc.record({ field: fc.constant('goal'), value: lookalike(goalOptions).map((v) => [v]) }),
    fc.record({
      field: fc.constant('frustrations'),
      value: lookalike(frustrationOptions).map((v) => [goalOptions[0], v]),
    }),
  )
  .map(({ field, value }) => json('look-alike option', JSON.stringify({ ...base(), [field]: value })));

const prototypeKeys = fc
  .record({
    key: fc.constantFrom(...FORBIDDEN_KEYS),
    where: fc.constantFrom('top', 'nested', 'in-list'),
    value: fc.jsonValue({ maxDepth: 1 }),
  })
  .map(({ key, where, value }) => {
    const text = JSON.stringify(base());
    const pair = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
    if (where === 'top') return json('__proto__ / constructor key', `${text.slice(0, -1)},${pair}}`);
    if (where === 'nested')
      return json('__proto__ / constructor key', text.replace(/"name":"[^"]*"/, `"name":{${pair}}`));
    return json('__proto__ / constructor key', text.replace(/"goal":\[/, `"goal":[{${pair}},`));
  });

const invalidJson = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((n) => {
    const text = JSON.stringify(base());
    return json('invalid JSON', text.slice(0, n % text.length));
  }),
  fc
    .constantFrom<(t: string) => string>(
      (t) => `${t.slice(0, -1)},}`,
      (t) => t.replaceAll('"', "'"),
      (t) => t.replace('"name"', 'name'),
      (t) => t.replace(/"earlyAccess":(true|false)/, '"earlyAccess":NaN'),
      (t) => t.replace(/"earlyAccess":(true|false)/, '"earlyAccess":undefined'),
      (t) => `/* comment */${t}`,
      (t) => `${t}${t}`,
      (t) => `${t}}`,
      (t) => t.replace('{', '{{'),
      (t) => t.replace(':', '='),
    )
    .map((mutate) => json('invalid JSON', mutate(JSON.stringify(base())))),
  fc
    .constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc0, 0xaf])
    .map((bytes) => {
      const [before, after] = JSON.stringify(base()).split('Reliability');
      return json(
        'invalid UTF-8',
        Buffer.concat([Buffer.from(`${before}`), Buffer.from(bytes), Buffer.from(`Reliability${after}`)]),
      );
    }),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => json('random bytes', Buffer.from(bytes))),
);

const notAnObject = fc
  .oneof(
    fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
    fc.constant([base()]),
  )
  .map((value) => json('JSON that is not an object', JSON.stringify(value)));

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const wrongContentType = fc
  .record({
    type: fc.oneof(
      fc.constantFrom(
        'text/plain',
        'text/plain; charset=utf-8',
        'application/xml',
        'multipart/form-data; boundary=----x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/jsonx',
        'application/ld+json',
        'text/json',
        '*/*',
        '',
        'none',
        'gzip',
      ),
      printable.filter((t) => !/^\s*application\/(json|x-www-form-urlencoded)\s*(;|$)/i.test(t)),
    ),
    asForm: fc.boolean(),
  })
  .map(({ type, asForm }) => {
    const body = asForm ? formOf(base()).toString() : JSON.stringify(base());
    const headers: Record<string, string> = { 'Idempotency-Key': randomUUID() };
    if (type === 'gzip') {
      headers['Content-Type'] = 'application/json';
      headers['Content-Encoding'] = 'gzip';
    } else if (type !== 'none') headers['Content-Type'] = type;
    return {
      category: 'wrong content type',
      answer: 'json' as const,
      request: { method: 'POST', path: WAITLIST_API_PATH, headers, body },
    };
  });

const overLimit = fc
  .record({
    size: fc.integer({ min: WAITLIST_BODY_LIMIT_BYTES + 1, max: 256 * 1024 }),
    chunked: fc.boolean(),
    asForm: fc.boolean(),
  })
  .map(({ size, chunked, asForm }) => {
    if (asForm)
      return form('body over 16 KB', `${formOf(base()).toString()}&additionalInfo=${'x'.repeat(size)}`, chunked);
    return json('body over 16 KB', JSON.stringify({ ...base(), additionalInfo: 'x'.repeat(size) }), {}, chunked);
  });

const badIdempotencyKey = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z0-9_-]{0,7}$/),
    fc.stringMatching(/^[A-Za-z0-9_-]{129,160}$/),
    fc
      .tuple(
        letters,
        fc.constantFrom('.', '/', '+', '=', ' ', ':', '{', '"', '%'),
        fc.stringMatching(/^[A-Za-z0-9]{8,20}$/),
      )
      .map((p) => p.join('')),
  )
  .filter((key) => !/^[A-Za-z0-9_-]{8,128}$/.test(key.trim()))
  .map((key) => json('bad Idempotency-Key header', JSON.stringify(base()), { 'Idempotency-Key': key }));

const wrongMethod = fc
  .record({ method: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), withBody: fc.boolean() })
  .map(({ method, withBody }) => ({
    category: 'wrong method',
    answer: 'json' as const,
    request: {
      method,
      path: WAITLIST_API_PATH,
      headers: { 'Content-Type': 'application/json' },
      ...(withBody ? { body: JSON.stringify(base()) } : {}),
    },
  }));

const badExtras = fc
  .oneof(
    fc.record({
      field: fc.constant('program'),
      value: fc.oneof(
        fc.constantFrom('', '../admin', 'AI-Strategy', 'a'.repeat(61), 'prógram', 'x y', '<script>'),
        fc.integer(),
        fc.constant({}),
        fc.constant([]),
      ),
    }),
    fc.record({
      field: fc.constant('website'),
      value: fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant(['x'])),
    }),
  )
  .map(({ field, value }) => json('bad program or honeypot value', JSON.stringify({ ...base(), [field]: value })));

/* Form-post categories ------------------------------------------------------------------------- */

const formInvalid = fc.oneof(
  fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((k) => !ALLOWED.has(k) && k !== 'idempotencyKey')
    .map((key) => form('form: unknown field', `${formOf(base()).toString()}&${encodeURIComponent(key)}=1`)),
  fc
    .constantFrom('name', 'email', 'companyName', 'role', 'investment')
    .map((field) => form('form: repeated field', `${formOf(base()).toString()}&${field}=again`)),
  fc
    .constantFrom('yes', '1', 'off', 'false', '')
    .map((value) => form('form: bad checkbox value', `${formOf(base()).toString()}&earlyAccess=${value}`)),
  fc.subarray([...REQUIRED], { minLength: 1 }).map((fields) => {
    const values = base();
    for (const field of fields) delete values[field];
    return form('form: missing fields', formOf(values).toString());
  }),
  fc
    .record({
      field: fc.constantFrom('name', 'companyName', 'roleOther', 'additionalInfo'),
      extra: fc.integer({ min: 1, max: 300 }),
    })
    .map(({ field, extra }) =>
      form(
        'form: past a length limit',
        formOf({
          ...base(),
          [field]: 'x'.repeat(WAITLIST_LIMITS[field as keyof typeof WAITLIST_LIMITS] + extra),
        }).toString(),
      ),
    ),
  // Lone surrogates cannot be sent in a form (they are encoded as U+FFFD), so leave them out here.
  fc
    .record({
      field: fc.constantFrom('name', 'companyName', 'roleOther'),
      value: around(forbiddenSingleLine.filter((c) => !/[\ud800-\udfff]/.test(c))),
    })
    .map(({ field, value }) =>
      form('form: control character or odd Unicode', formOf({ ...base(), [field]: value }).toString()),
    ),
  fc
    .record({
      field: fc.constantFrom('name', 'companyName', 'additionalInfo'),
      bytes: fc.constantFrom('%FF', '%C3%28', '%ED%A0%80', '%F8%88%80%80%80', '%E2%82', '%C0%AF'),
    })
    .map(({ field, bytes }) => {
      const body = formOf({ ...base(), [field]: 'PLACEHOLDER' })
        .toString()
        .replace('PLACEHOLDER', `Dana${bytes}Whitfield`);
      return form('form: invalid UTF-8', body);
    }),
  fc.constantFrom('short', 'has space', 'a'.repeat(129), 'bad/chars!').map((key) =>
    form(
      'form: bad idempotency key',
      formOf(base())
        .toString()
        .replace(/idempotencyKey=[^&]+/, `idempotencyKey=${encodeURIComponent(key)}`),
    ),
  ),
  fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((key) => form('form: __proto__ / constructor field', `${formOf(base()).toString()}&${key}=1`)),
);

/** Every kind of malformed request, weighted so each category is well represented. */
export const malformedRequest: fc.Arbitrary<Malformed> = fc.oneof(
  wrongType,
  missing,
  extraField,
  tooLong,
  controlChars,
  oddOption,
  prototypeKeys,
  invalidJson,
  notAnObject,
  wrongContentType,
  overLimit,
  badIdempotencyKey,
  wrongMethod,
  badExtras,
  { arbitrary: formInvalid, weight: 3 },
);
