import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_KEY_CONFLICT_MESSAGE } from '../../../../src/lib/waitlist/api.ts';
import { submitLead } from '../../../../src/islands/waitlist/submit-lead.ts';
import { validValues } from '../../../support/lead-fixture.ts';

const reply = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('submitLead', () => {
  it('sends the honeypot field with the answers, the program and the key', async () => {
    const fetchImpl = reply(201, { status: 'ok', id: 'lead-1' });
    const outcome = await submitLead(
      validValues(),
      { idempotencyKey: 'key-123456789', program: 'ripple-effect' },
      fetchImpl,
    );
    expect(outcome).toEqual({ kind: 'stored', id: 'lead-1' });
    const [, init] = fetchImpl.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ ...validValues(), program: 'ripple-effect', website: '' });
    expect((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toBe('key-123456789');
    await submitLead(validValues(), { idempotencyKey: 'key-123456789', program: null, honeypot: 'filled' }, fetchImpl);
    expect(JSON.parse(String(fetchImpl.mock.calls[1]?.[1]?.body)).website).toBe('filled');
  });

  it('reports a 422 as a key conflict with the server message', async () => {
    const outcome = await submitLead(
      validValues(),
      { idempotencyKey: 'key-123456789', program: null },
      reply(422, { status: 'error', message: WAITLIST_KEY_CONFLICT_MESSAGE }),
    );
    expect(outcome).toEqual({ kind: 'failed', message: WAITLIST_KEY_CONFLICT_MESSAGE, keyConflict: true });
  });
});
