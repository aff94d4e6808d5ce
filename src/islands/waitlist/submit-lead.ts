import type { WaitlistValues } from '../../lib/waitlist/schema.ts';

export type SubmitOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'failed'; message: string };

/** POSTs a lead to our server; the idempotency key makes a retry or a double click store one lead. */
export async function submitLead(
  values: WaitlistValues,
  context: { idempotencyKey: string; program: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  try {
    const response = await fetchImpl('/api/waitlist', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': context.idempotencyKey,
      },
      body: JSON.stringify(context.program ? { ...values, program: context.program } : values),
    });
    const body = (await response.json().catch(() => ({}))) as {
      id?: string;
      message?: string;
      errors?: Record<string, string>;
    };
    if (response.status === 201 && body.id) return { kind: 'stored', id: body.id };
    if (response.status === 400 && body.errors) return { kind: 'invalid', errors: body.errors };
    return { kind: 'failed', message: body.message ?? 'The server could not save your answers.' };
  } catch {
    return { kind: 'failed', message: 'We could not reach our server. Check your connection.' };
  }
}
