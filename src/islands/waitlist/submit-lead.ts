import { WAITLIST_API_PATH, waitlistResponseSchema } from '../../lib/waitlist/api.ts';
import type { WaitlistErrors, WaitlistValues } from '../../lib/waitlist/schema.ts';

export type SubmitOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'invalid'; errors: WaitlistErrors }
  | { kind: 'failed'; message: string };

/** POSTs a lead to our server; the idempotency key makes a retry or a double click store one lead. */
export async function submitLead(
  values: WaitlistValues,
  context: { idempotencyKey: string; program: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(WAITLIST_API_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': context.idempotencyKey,
      },
      body: JSON.stringify(context.program ? { ...values, program: context.program } : values),
    });
  } catch {
    return { kind: 'failed', message: 'We could not reach our server. Check your connection.' };
  }
  // The server's reply is checked against the shared response type; anything else (a proxy's error page) is a failure.
  const reply = waitlistResponseSchema.safeParse(await response.json().catch(() => null));
  const body = reply.success ? reply.data : null;
  if (body?.status === 'ok' && response.status === 201) return { kind: 'stored', id: body.id };
  if (body?.status === 'error' && response.status === 400 && body.errors)
    return { kind: 'invalid', errors: body.errors };
  return {
    kind: 'failed',
    message: body?.status === 'error' ? body.message : 'The server could not save your answers.',
  };
}
