import { WAITLIST_API_PATH, WAITLIST_SUBMIT_TIMEOUT_MS, waitlistResponseSchema } from '../../lib/waitlist/api.ts';
import { HONEYPOT_FIELD, type WaitlistErrors, type WaitlistValues } from '../../lib/waitlist/schema.ts';

export type SubmitOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'invalid'; errors: WaitlistErrors }
  /** `keyConflict`: the key already stored other answers (422); send again under a new key. */
  | { kind: 'failed'; message: string; keyConflict?: boolean };

/** No whole answer came within the deadline (the form adds that the answers are kept, and offers to send again). */
const TOO_SLOW: SubmitOutcome = {
  kind: 'failed',
  message: 'Our server took too long to answer.',
};

/** POSTs a lead to our server; the idempotency key makes a retry or a double click store one lead. */
export async function submitLead(
  values: WaitlistValues,
  context: {
    idempotencyKey: string;
    program: string | null;
    /** The hidden field's value: empty from a person, filled by a bot that fills every input. */
    honeypot?: string;
  },
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = WAITLIST_SUBMIT_TIMEOUT_MS,
): Promise<SubmitOutcome> {
  // One deadline for the answer's headers and its body: a stalled request would otherwise leave
  // the button on "Sending…" for as long as the connection stays open.
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(WAITLIST_API_PATH, {
      signal,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': context.idempotencyKey,
      },
      body: JSON.stringify({
        ...values,
        ...(context.program ? { program: context.program } : {}),
        [HONEYPOT_FIELD]: context.honeypot ?? '',
      }),
    });
  } catch {
    return signal.aborted
      ? TOO_SLOW
      : { kind: 'failed', message: 'We could not reach our server. Check your connection.' };
  }
  // The server's reply is checked against the shared response type; anything else (a proxy's error page) is a failure.
  const reply = waitlistResponseSchema.safeParse(await response.json().catch(() => null));
  if (!reply.success && signal.aborted) return TOO_SLOW;
  const body = reply.success ? reply.data : null;
  if (body?.status === 'ok' && response.status === 201) return { kind: 'stored', id: body.id };
  if (body?.status === 'error' && response.status === 400 && body.errors)
    return { kind: 'invalid', errors: body.errors };
  return {
    kind: 'failed',
    message: body?.status === 'error' ? body.message : 'The server could not save your answers.',
    ...(response.status === 422 ? { keyConflict: true } : {}),
  };
}
