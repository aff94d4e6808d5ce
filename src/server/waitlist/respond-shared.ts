/** What both waiting-list responders (JSON and plain form) share: their dependencies, the log, the connection. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientKey } from '../http/client-key.ts';
import type { BodyLimits, ConnectionEnd, Rejection } from './decode.ts';
import type { Submit, SubmitOutcome } from './submit.ts';
import type { SubmissionOutcome } from '../metrics/operator-metrics.ts';

export interface WaitlistRouteDeps extends BodyLimits {
  submit: Submit;
  /** Behind one trusted reverse proxy: limit clients by the address it forwards. */
  trustProxy: boolean;
  /** Receives one event per submission; never passed personal data. */
  log?: (event: Record<string, unknown>) => void;
  /** Counts each post's outcome for the operator's metrics; a rejected body counts as `invalid`. */
  countOutcome?: (outcome: SubmissionOutcome) => void;
}

/** A Retry-After header value: whole seconds, at least 1. */
export const retryAfter = (seconds: number) => String(Math.max(1, Math.ceil(seconds)));

export const clientOf = (req: IncomingMessage, deps: WaitlistRouteDeps) => clientKey(req, deps.trustProxy);

/** Logs an outcome or a rejection with the status it was answered with: outcome names, field names, the program. */
export function logWaitlist(
  deps: WaitlistRouteDeps,
  result: SubmitOutcome | Rejection | { kind: 'error' },
  status: number,
): void {
  const event: Record<string, unknown> =
    'kind' in result
      ? {
          outcome: result.kind,
          status,
          ...(result.kind === 'invalid' ? { fields: Object.keys(result.errors) } : {}),
          ...(result.kind === 'stored' || result.kind === 'duplicate' ? { program: result.program } : {}),
          ...(result.kind === 'store_error' ? { storeError: result.storeError } : {}),
        }
      : { outcome: 'rejected', reason: result.reason, status };
  try {
    deps.log?.({ event: 'waitlist', ...event });
    if (!('kind' in result)) deps.countOutcome?.('invalid');
    else if (result.kind !== 'error') deps.countOutcome?.(result.kind);
  } catch {
    // Logging and counting must never break a submission.
  }
}

/**
 * Prepares the connection's end for a rejection; false when the client is already gone and there
 * is no one to answer.
 */
export function endConnection(req: IncomingMessage, res: ServerResponse, connection: ConnectionEnd): boolean {
  if (connection === 'gone') return false;
  if (connection !== 'keep') res.setHeader('Connection', 'close');
  if (connection === 'destroy') res.once('finish', () => req.socket.destroy());
  return true;
}
