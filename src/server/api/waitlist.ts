/**
 * POST /api/waitlist: validates a waiting-list submission with the shared schema and stores it.
 *
 * JSON (the wizard dialog) gets JSON answers. Form posts (the no-JavaScript /waitlist page) are
 * answered through `renderForm`, which renders the page again with the outcome. Defences: body
 * size and time limits, strict field lists, a per-client rate limit and a honeypot field.
 * Nothing personal is ever logged: only outcomes, field names and the program slug.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  PROGRAM_SLUG_PATTERN,
  validateWaitlist,
  waitlistFields,
} from '../../lib/waitlist/schema.ts';
import { discardBody, isHttpError, readBody } from '../http/read-body.ts';
import { clientKey } from '../http/rate-limit.ts';
import type { LeadStore } from '../leads/store.ts';

export interface WaitlistFormState {
  status: 'idle' | 'success' | 'invalid';
  /** What the visitor entered, as entered (raw strings, lists, the checkbox as a boolean). */
  values: Record<string, string | string[] | boolean>;
  /** Per-field messages, plus `form` for a message about the whole form. */
  errors: Partial<Record<string, string>>;
  /** Put it in the form's hidden `idempotencyKey` field so a resubmission is recognized. */
  idempotencyKey: string;
  program: string | null;
}

type Decision = { allowed: boolean; retryAfterSeconds: number };

interface RateLimiterLike {
  /** Sync (in memory) or async (counts kept in PostgreSQL, src/server/waitlist/rate-limiter.ts). */
  check(key: string): Decision | Promise<Decision>;
  /** Optional: lets a client that is already over the limit be turned away before validation. */
  peek?(key: string): Decision | Promise<Decision>;
}

export interface WaitlistHandlerDeps {
  store: LeadStore;
  rateLimiter: RateLimiterLike;
  trustProxy: boolean;
  renderForm: (req: IncomingMessage, res: ServerResponse, state: WaitlistFormState, status: number) => Promise<void>;
  /** Receives outcome events; never passed personal data. */
  log?: (event: Record<string, unknown>) => void;
  /** Largest body accepted. Default 16 KB. */
  bodyLimitBytes?: number;
  /** Time allowed for the body to arrive. Default 10 s. */
  bodyTimeoutMs?: number;
}

export const WAITLIST_BODY_LIMIT_BYTES = 16 * 1024;
export const WAITLIST_BODY_TIMEOUT_MS = 10_000;

export const waitlistApiMessages = {
  methodNotAllowed: 'Use POST to join the waiting list.',
  unsupportedType: 'Send the form as application/json or application/x-www-form-urlencoded (UTF-8).',
  tooLarge: 'The request body is too large.',
  timeout: 'The request body took too long to arrive.',
  aborted: 'The request body could not be read.',
  malformedJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object.',
  forbiddenKey: 'The request contains a field name that is not allowed.',
  unknownFields: 'The request contains fields this form does not accept',
  wrongType: 'The request contains a value of the wrong type',
  badProgram: 'The program must be a page slug of lowercase letters, digits and hyphens.',
  badIdempotencyKey: 'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
  invalid: 'Please correct the highlighted fields.',
  rateLimited: 'Too many submissions. Please try again in a few minutes.',
  storeFailed: 'We could not save your details just now. Please try again in a moment.',
  unexpected: 'Something went wrong on our side. Please try again in a moment.',
  // Shown on the no-JavaScript page under the `form` key.
  formUnreadable: 'We could not read your submission. Please check your answers and send the form again.',
  formTooLarge: 'Your answers are too long to send. Please shorten them and try again.',
} as const;

const M = waitlistApiMessages;

const SINGLE_FIELDS = new Set<string>([
  'name',
  'email',
  'companyName',
  'role',
  'roleOther',
  'investment',
  'additionalInfo',
  'earlyAccess',
]);
const LIST_FIELDS = new Set<string>(['goal', 'frustrations']);
const STRING_FIELDS_JSON = new Set<string>([...waitlistFields, 'program', HONEYPOT_FIELD]);
const FORM_EXTRA_FIELDS = new Set<string>(['program', HONEYPOT_FIELD, 'idempotencyKey']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Kind = 'json' | 'form';

/** Why a request was turned away before validation (JSON message / form message / log reason). */
class Rejection {
  readonly status: number;
  readonly message: string;
  readonly reason: string;
  constructor(status: number, message: string, reason: string) {
    this.status = status;
    this.message = message;
    this.reason = reason;
  }
}

interface Parsed {
  /** Candidate for the schema (only the waiting-list fields). */
  candidate: Record<string, unknown>;
  /** Raw values to show the form again. */
  formValues: Record<string, string | string[] | boolean>;
  program: string | null;
  honeypot: boolean;
  idempotencyKey: string | null;
}

function requestKind(req: IncomingMessage): Kind | null {
  const header = req.headers['content-type'];
  if (!header) return null;
  const [rawType, ...params] = header.split(';');
  const type = rawType?.trim().toLowerCase();
  for (const param of params) {
    const [name, value] = param.split('=');
    if (name?.trim().toLowerCase() === 'charset') {
      const charset = value?.trim().replace(/^"|"$/g, '').toLowerCase();
      if (charset !== 'utf-8' && charset !== 'utf8') return null;
    }
  }
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return null;
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

function listNames(names: string[]): string {
  return names
    .slice(0, 5)
    .map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n))
    .join(', ');
}

function parseJson(body: Buffer, headerKey: string | null): Parsed {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new Rejection(400, M.malformedJson, 'malformed_json');
  }
  let forbidden = false;
  let data: unknown;
  try {
    data = JSON.parse(text, function reviver(key, value: unknown) {
      if (FORBIDDEN_KEYS.has(key)) forbidden = true;
      return value;
    });
  } catch {
    throw new Rejection(400, M.malformedJson, 'malformed_json');
  }
  if (forbidden) throw new Rejection(400, M.forbiddenKey, 'forbidden_key');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Rejection(400, M.notObject, 'not_object');
  }
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record);
  const unknown = keys.filter((key) => !STRING_FIELDS_JSON.has(key));
  if (unknown.length > 0) throw new Rejection(400, `${M.unknownFields}: ${listNames(unknown)}.`, 'unknown_fields');

  const program = record.program;
  if (
    program !== undefined &&
    program !== null &&
    (typeof program !== 'string' || !PROGRAM_SLUG_PATTERN.test(program))
  ) {
    throw new Rejection(400, M.badProgram, 'bad_program');
  }
  const website = record[HONEYPOT_FIELD];
  if (website !== undefined && website !== null && typeof website !== 'string') {
    throw new Rejection(400, `${M.wrongType}: ${HONEYPOT_FIELD}.`, 'wrong_type');
  }

  const candidate: Record<string, unknown> = {};
  for (const field of waitlistFields) if (field in record) candidate[field] = record[field];
  return {
    candidate,
    formValues: {},
    program: typeof program === 'string' ? program : null,
    honeypot: typeof website === 'string' && website.trim() !== '',
    idempotencyKey: headerKey,
  };
}

/**
 * Whether a form body is UTF-8 once its %XX escapes are decoded. URLSearchParams (like
 * Buffer#toString) quietly turns bytes that are not UTF-8 into U+FFFD, which would store a mangled
 * name instead of asking again; the JSON path rejects such bytes too.
 */
function isUtf8Form(body: Buffer): boolean {
  const bytes = Buffer.alloc(body.length);
  let length = 0;
  for (let i = 0; i < body.length; i += 1) {
    const hex = body[i] === 0x25 ? body.toString('latin1', i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else {
      bytes[length++] = body[i] as number;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length));
    return true;
  } catch {
    return false;
  }
}

function parseForm(body: Buffer): Parsed {
  const params = new URLSearchParams(body.toString('utf8'));
  const single = new Map<string, string>();
  const lists: Record<string, string[]> = { goal: [], frustrations: [] };
  let unreadable = !isUtf8Form(body);
  for (const [key, value] of params) {
    if (LIST_FIELDS.has(key)) lists[key]?.push(value);
    else if ((SINGLE_FIELDS.has(key) || FORM_EXTRA_FIELDS.has(key)) && !single.has(key)) single.set(key, value);
    else unreadable = true; // unknown or repeated field
  }

  const formValues: Record<string, string | string[] | boolean> = {};
  const candidate: Record<string, unknown> = {};
  for (const field of SINGLE_FIELDS) {
    if (field === 'earlyAccess') continue;
    const value = single.get(field);
    if (value !== undefined) {
      formValues[field] = value;
      candidate[field] = value;
    }
  }
  formValues.goal = lists.goal ?? [];
  formValues.frustrations = lists.frustrations ?? [];
  candidate.goal = formValues.goal;
  candidate.frustrations = formValues.frustrations;

  // A ticked checkbox sends "on" (or its value attribute); an unticked one sends nothing.
  const early = single.get('earlyAccess');
  if (early !== undefined && early !== 'on' && early !== 'true') unreadable = true;
  formValues.earlyAccess = early !== undefined;
  candidate.earlyAccess = early !== undefined;

  // A bad program slug must not cost a visitor their lead: it is simply not recorded.
  const program = single.get('program');
  const key = single.get('idempotencyKey');
  const parsed: Parsed = {
    candidate,
    formValues,
    program: program !== undefined && PROGRAM_SLUG_PATTERN.test(program) ? program : null,
    honeypot: (single.get(HONEYPOT_FIELD) ?? '').trim() !== '',
    idempotencyKey: key !== undefined && key !== '' ? key : null,
  };
  if (unreadable) throw Object.assign(new Rejection(400, M.formUnreadable, 'unreadable_form'), { parsed });
  return parsed;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

export function createWaitlistHandler(
  deps: WaitlistHandlerDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { store, rateLimiter, trustProxy, renderForm } = deps;
  const limitBytes = deps.bodyLimitBytes ?? WAITLIST_BODY_LIMIT_BYTES;
  const timeoutMs = deps.bodyTimeoutMs ?? WAITLIST_BODY_TIMEOUT_MS;
  const log = (event: Record<string, unknown>) => {
    try {
      deps.log?.({ event: 'waitlist', ...event });
    } catch {
      // Logging must never break a submission.
    }
  };

  const formState = (
    status: WaitlistFormState['status'],
    parsed: Parsed | null,
    errors: Partial<Record<string, string>>,
    keepKey: boolean,
  ): WaitlistFormState => {
    const key = parsed?.idempotencyKey;
    return {
      status,
      values: status === 'success' ? {} : (parsed?.formValues ?? {}),
      errors,
      idempotencyKey: keepKey && key && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : randomUUID(),
      program: parsed?.program ?? null,
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      await discardBody(req);
      sendJson(res, 405, { status: 'error', message: M.methodNotAllowed }, { Allow: 'POST' });
      return;
    }

    const kind = requestKind(req);
    if (!kind) {
      const drained = await discardBody(req);
      sendJson(res, 415, { status: 'error', message: M.unsupportedType }, drained ? {} : { Connection: 'close' });
      if (!drained) res.once('finish', () => req.socket.destroy());
      log({ outcome: 'rejected', reason: 'unsupported_type', status: 415 });
      return;
    }

    let body: Buffer;
    try {
      body = await readBody(req, { limitBytes, timeoutMs });
    } catch (error) {
      const status = isHttpError(error) ? error.status : 400;
      log({
        outcome: 'rejected',
        reason: status === 413 ? 'too_large' : status === 408 ? 'timeout' : 'aborted',
        status,
      });
      if (status === 413) {
        // Read what is left of a modest body first, so the 413 reaches the client rather than a reset.
        const drained = await discardBody(req);
        res.setHeader('Connection', 'close');
        if (!drained) res.once('finish', () => req.socket.destroy());
        if (kind === 'form') {
          await renderForm(req, res, formState('invalid', null, { form: M.formTooLarge }, false), 413);
        } else {
          sendJson(res, 413, { status: 'error', message: M.tooLarge });
        }
        return;
      }
      if (req.socket.destroyed) return;
      res.once('finish', () => req.socket.destroy());
      sendJson(
        res,
        status,
        { status: 'error', message: status === 408 ? M.timeout : M.aborted },
        { Connection: 'close' },
      );
      return;
    }

    // Parse and check the shape.
    const header = req.headers['idempotency-key'];
    const headerKey = typeof header === 'string' ? header.trim() : null;
    let parsed: Parsed;
    try {
      if (kind === 'json' && headerKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(headerKey)) {
        throw new Rejection(400, M.badIdempotencyKey, 'bad_idempotency_key');
      }
      parsed = kind === 'json' ? parseJson(body, headerKey) : parseForm(body);
      if (kind === 'form' && parsed.idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(parsed.idempotencyKey)) {
        throw Object.assign(new Rejection(400, M.formUnreadable, 'bad_idempotency_key'), { parsed });
      }
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      log({ outcome: 'rejected', reason: error.reason, status: error.status });
      if (kind === 'form') {
        const partial = (error as Rejection & { parsed?: Parsed }).parsed ?? null;
        await renderForm(req, res, formState('invalid', partial, { form: error.message }, false), error.status);
      } else {
        sendJson(res, error.status, { status: 'error', message: error.message });
      }
      return;
    }

    const client = clientKey(req, trustProxy);
    const rateLimited = async (retryAfterSeconds: number) => {
      log({ outcome: 'rate_limited', status: 429 });
      const retryAfter = String(Math.max(1, Math.ceil(retryAfterSeconds)));
      if (kind === 'form') {
        res.setHeader('Retry-After', retryAfter);
        await renderForm(req, res, formState('invalid', parsed, { form: M.rateLimited }, true), 429);
      } else {
        sendJson(res, 429, { status: 'error', message: M.rateLimited }, { 'Retry-After': retryAfter });
      }
    };

    // A client already past the limit is turned away whatever it sends.
    const early = await rateLimiter.peek?.(client);
    if (early && !early.allowed) return rateLimited(early.retryAfterSeconds);

    const result = validateWaitlist(parsed.candidate);
    if (!result.ok) {
      log({ outcome: 'invalid', status: 400, fields: Object.keys(result.errors) });
      if (kind === 'form') {
        await renderForm(req, res, formState('invalid', parsed, result.errors, true), 400);
      } else {
        sendJson(res, 400, { status: 'error', message: M.invalid, errors: result.errors });
      }
      return;
    }

    // Only well-formed submissions count towards the limit, so correcting a typo costs nothing.
    const decision = await rateLimiter.check(client);
    if (!decision.allowed) return rateLimited(decision.retryAfterSeconds);

    const succeed = async (id: string) => {
      if (kind === 'form') await renderForm(req, res, formState('success', parsed, {}, false), 200);
      else sendJson(res, 201, { status: 'ok', id });
    };

    if (parsed.honeypot) {
      log({ outcome: 'honeypot', status: kind === 'form' ? 200 : 201 });
      return succeed(randomUUID());
    }

    let saved: { id: string; created: boolean };
    try {
      saved = await store.save(
        { ...result.data, sourceProgram: parsed.program },
        parsed.idempotencyKey ?? `server-${randomUUID()}`,
      );
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      log({ outcome: 'store_error', status: 503, errorCode: typeof code === 'string' ? code : undefined });
      if (kind === 'form') {
        await renderForm(req, res, formState('invalid', parsed, { form: M.storeFailed }, true), 503);
      } else {
        sendJson(res, 503, { status: 'error', message: M.storeFailed }, { 'Retry-After': '5' });
      }
      return;
    }
    log({
      outcome: saved.created ? 'stored' : 'duplicate',
      status: kind === 'form' ? 200 : 201,
      program: parsed.program,
    });
    return succeed(saved.id);
  }

  return async (req, res) => {
    try {
      await handle(req, res);
    } catch {
      log({ outcome: 'error', status: 500 });
      if (!res.headersSent) sendJson(res, 500, { status: 'error', message: M.unexpected });
      else res.destroy();
    }
  };
}
