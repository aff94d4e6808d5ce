/**
 * POST /api/waitlist, the wizard's endpoint: decode (JSON) -> submit -> a JSON answer of the one
 * shared response type. A plain-form post that lands here (a page loaded before the form moved)
 * is sent on to /waitlist with 308, which makes the browser post the same body there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WAITLIST_FORM_PATH, WAITLIST_KEY_CONFLICT_MESSAGE, type WaitlistResponse } from '../../lib/waitlist/api.ts';
import { discardBody } from '../http/read-body.ts';
import { bodyFormat, decodeWaitlist } from './decode.ts';
import { waitlistApiMessages as M } from './messages.ts';
import { clientOf, endConnection, logWaitlist, retryAfter, type WaitlistRouteDeps } from './respond-shared.ts';
import type { SubmitOutcome } from './submit.ts';

function sendJson(res: ServerResponse, status: number, body: WaitlistResponse, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

/** Each outcome as status, body and headers. */
function answer(outcome: SubmitOutcome): [number, WaitlistResponse, Record<string, string>?] {
  switch (outcome.kind) {
    case 'stored':
    case 'duplicate':
    case 'honeypot':
      return [201, { status: 'ok', id: outcome.id }];
    case 'invalid':
      return [400, { status: 'error', message: M.invalid, errors: outcome.errors }];
    case 'key_conflict':
      return [422, { status: 'error', message: WAITLIST_KEY_CONFLICT_MESSAGE }];
    case 'rate_limited':
      return [
        429,
        { status: 'error', message: M.rateLimited },
        { 'Retry-After': retryAfter(outcome.retryAfterSeconds) },
      ];
    case 'store_error':
      return [503, { status: 'error', message: M.storeFailed }, { 'Retry-After': '5' }];
  }
}

export function createWaitlistApiHandler(deps: WaitlistRouteDeps) {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      await discardBody(req);
      sendJson(res, 405, { status: 'error', message: M.methodNotAllowed }, { Allow: 'POST' });
      return;
    }
    if (bodyFormat(req) === 'form') {
      const drained = await discardBody(req);
      if (!drained) res.once('finish', () => req.socket.destroy());
      res.writeHead(308, { Location: WAITLIST_FORM_PATH, 'Cache-Control': 'no-store' }).end();
      return;
    }

    const decoded = await decodeWaitlist(req, 'json', deps);
    if (!decoded.ok) {
      const { rejection } = decoded;
      logWaitlist(deps, rejection, rejection.status);
      if (endConnection(req, res, rejection.connection)) {
        sendJson(res, rejection.status, { status: 'error', message: rejection.message });
      }
      return;
    }
    const outcome = await deps.submit(decoded.candidate, clientOf(req, deps));
    const [status, body, headers] = answer(outcome);
    logWaitlist(deps, outcome, status);
    sendJson(res, status, body, headers);
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await handle(req, res);
    } catch {
      logWaitlist(deps, { kind: 'error' }, 500);
      if (!res.headersSent) sendJson(res, 500, { status: 'error', message: M.unexpected });
      else res.destroy();
    }
  };
}
