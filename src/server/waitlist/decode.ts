/**
 * decode: a waiting-list request -> a candidate submission, or a rejection.
 *
 * Knows HTTP, not the business: content type, body size and time limits, strict field lists, UTF-8,
 * forbidden keys, the honeypot and the idempotency key. The field lists come from the shared schema.
 */
import type { IncomingMessage } from 'node:http';
import type { WaitlistFormValues } from '../../lib/waitlist/api.ts';
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  PROGRAM_SLUG_PATTERN,
  programSlugOrNull,
  waitlistFieldKinds,
  waitlistFields,
  type WaitlistField,
} from '../../lib/waitlist/schema.ts';
import { discardBody, isHttpError, readBody } from '../http/read-body.ts';
import { waitlistApiMessages as M } from './messages.ts';

export const WAITLIST_BODY_LIMIT_BYTES = 16 * 1024;
const WAITLIST_BODY_TIMEOUT_MS = 10_000;

/** JSON from the wizard, or a urlencoded post from the plain form. */
export type BodyFormat = 'json' | 'form';

export interface BodyLimits {
  /** Largest body accepted. Default 16 KB. */
  bodyLimitBytes?: number;
  /** Time allowed for the body to arrive. Default 10 s. */
  bodyTimeoutMs?: number;
}

/** A submission of the right shape, not yet validated. */
export interface WaitlistCandidate {
  /** Only the waiting-list fields, for the shared schema. */
  fields: Record<string, unknown>;
  program: string | null;
  honeypot: boolean;
  idempotencyKey: string | null;
  /** The plain form's answers as typed, to show the form again (empty for JSON). */
  entered: WaitlistFormValues;
}

/** How the connection ends after a rejection: kept, closed after the answer, cut, or already gone. */
export type ConnectionEnd = 'keep' | 'close' | 'destroy' | 'gone';

export interface Rejection {
  status: number;
  message: string;
  /** For the log. */
  reason: string;
  connection: ConnectionEnd;
  /** What could be read of a plain-form post, to show the visitor's answers again. */
  partial?: WaitlistCandidate;
}

export type Decoded = { ok: true; candidate: WaitlistCandidate } | { ok: false; rejection: Rejection };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const JSON_KEYS = new Set<string>([...waitlistFields, 'program', HONEYPOT_FIELD]);
const FORM_EXTRA_KEYS = new Set<string>(['program', HONEYPOT_FIELD, 'idempotencyKey']);

/** Messages for transport failures, per format (the plain form speaks to a person). */
const transportMessages: Record<BodyFormat, Record<'unsupported' | 413 | 408 | 400, string>> = {
  json: { unsupported: M.unsupportedType, 413: M.tooLarge, 408: M.timeout, 400: M.aborted },
  form: { unsupported: M.formUnreadable, 413: M.formTooLarge, 408: M.formTimeout, 400: M.formUnreadable },
};

const reject = (status: number, message: string, reason: string, extra: Partial<Rejection> = {}): Decoded => ({
  ok: false,
  rejection: { status, message, reason, connection: 'keep', ...extra },
});

/** The format a request's headers announce: UTF-8 (or no charset), not compressed; null for anything else. */
export function bodyFormat(req: IncomingMessage): BodyFormat | null {
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

/** Reads and decodes a POST body that must be in `format`. */
export async function decodeWaitlist(
  req: IncomingMessage,
  format: BodyFormat,
  limits: BodyLimits = {},
): Promise<Decoded> {
  const messages = transportMessages[format];
  if (bodyFormat(req) !== format) {
    const drained = await discardBody(req);
    return reject(415, messages.unsupported, 'unsupported_type', { connection: drained ? 'keep' : 'destroy' });
  }

  let body: Buffer;
  try {
    body = await readBody(req, {
      limitBytes: limits.bodyLimitBytes ?? WAITLIST_BODY_LIMIT_BYTES,
      timeoutMs: limits.bodyTimeoutMs ?? WAITLIST_BODY_TIMEOUT_MS,
    });
  } catch (error) {
    const status = isHttpError(error) ? error.status : 400;
    if (status === 413) {
      // Read what is left of a modest body first, so the 413 reaches the client rather than a reset.
      const drained = await discardBody(req);
      return reject(413, messages[413], 'too_large', { connection: drained ? 'close' : 'destroy' });
    }
    const connection = req.socket.destroyed ? 'gone' : 'destroy';
    return status === 408
      ? reject(408, messages[408], 'timeout', { connection })
      : reject(400, messages[400], 'aborted', { connection });
  }
  return format === 'json' ? decodeJson(body, req.headers['idempotency-key']) : decodeForm(body);
}

function listNames(names: string[]): string {
  return names
    .slice(0, 5)
    .map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n))
    .join(', ');
}

function decodeJson(body: Buffer, keyHeader: string | string[] | undefined): Decoded {
  const headerKey = typeof keyHeader === 'string' ? keyHeader.trim() : null;
  if (headerKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(headerKey)) {
    return reject(400, M.badIdempotencyKey, 'bad_idempotency_key');
  }
  let forbidden = false;
  let data: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    data = JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden = true;
      return value;
    });
  } catch {
    return reject(400, M.malformedJson, 'malformed_json');
  }
  if (forbidden) return reject(400, M.forbiddenKey, 'forbidden_key');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return reject(400, M.notObject, 'not_object');

  const record = data as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !JSON_KEYS.has(key));
  if (unknown.length > 0) return reject(400, `${M.unknownFields}: ${listNames(unknown)}.`, 'unknown_fields');
  const { program, [HONEYPOT_FIELD]: website } = record;
  if (program != null && (typeof program !== 'string' || !PROGRAM_SLUG_PATTERN.test(program))) {
    return reject(400, M.badProgram, 'bad_program');
  }
  if (website != null && typeof website !== 'string') {
    return reject(400, `${M.wrongType}: ${HONEYPOT_FIELD}.`, 'wrong_type');
  }

  const fields: Record<string, unknown> = {};
  for (const field of waitlistFields) if (field in record) fields[field] = record[field];
  return {
    ok: true,
    candidate: {
      fields,
      program: typeof program === 'string' ? program : null,
      honeypot: typeof website === 'string' && website.trim() !== '',
      idempotencyKey: headerKey,
      entered: {},
    },
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

function decodeForm(body: Buffer): Decoded {
  const single = new Map<string, string>();
  const lists = new Map<string, string[]>();
  let unreadable = !isUtf8Form(body);
  for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
    // Own keys only: `__proto__` or `constructor` must not find the object's prototype.
    const kind = Object.hasOwn(waitlistFieldKinds, key) ? waitlistFieldKinds[key as WaitlistField] : undefined;
    if (kind === 'list') lists.set(key, [...(lists.get(key) ?? []), value]);
    else if ((kind || FORM_EXTRA_KEYS.has(key)) && !single.has(key)) single.set(key, value);
    else unreadable = true; // unknown or repeated field
  }

  const entered: WaitlistFormValues = {};
  for (const field of waitlistFields) {
    const kind = waitlistFieldKinds[field];
    const value = single.get(field);
    if (kind === 'list') entered[field] = lists.get(field) ?? [];
    // A ticked checkbox sends "on" (or its value attribute); an unticked one sends nothing.
    else if (kind === 'flag') {
      if (value !== undefined && value !== 'on' && value !== 'true') unreadable = true;
      entered[field] = value !== undefined;
    } else if (value !== undefined) entered[field] = value;
  }

  // A bad program slug must not cost a visitor their lead: it is simply not recorded.
  const program = single.get('program');
  const key = single.get('idempotencyKey');
  const candidate: WaitlistCandidate = {
    fields: { ...entered },
    program: programSlugOrNull(program),
    honeypot: (single.get(HONEYPOT_FIELD) ?? '').trim() !== '',
    idempotencyKey: key !== undefined && key !== '' ? key : null,
    entered,
  };
  if (unreadable) return reject(400, M.formUnreadable, 'unreadable_form', { partial: candidate });
  if (candidate.idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(candidate.idempotencyKey)) {
    return reject(400, M.formUnreadable, 'bad_idempotency_key', { partial: candidate });
  }
  return { ok: true, candidate };
}
