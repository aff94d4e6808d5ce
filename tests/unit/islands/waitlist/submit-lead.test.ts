import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_KEY_CONFLICT_MESSAGE } from '../../../../src/lib/waitlist/api.ts';
import { submitLead } from '../../../../src/islands/waitlist/submit-lead.ts';
import { validValues } from '../../../support/lead-fixture.ts';

/** A real server on loopback that takes each request and answers as `answer` does (or never). */
async function stallingServer(answer: (res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  // The wizard posts to a path on its own origin; here that origin is the stalling server's.
  const fetchImpl: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);
  return { requests, fetchImpl };
}
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const TOO_SLOW_MESSAGE = 'Our server took too long to answer.';

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

  it('gives up on a server that never answers, and says so', async () => {
    const server = await stallingServer(() => {});
    const started = performance.now();
    const outcome = await submitLead(
      validValues(),
      { idempotencyKey: 'key-123456789', program: null },
      server.fetchImpl,
      300,
    );
    expect(outcome).toEqual({ kind: 'failed', message: TOO_SLOW_MESSAGE });
    expect(server.requests).toEqual(['POST /api/waitlist']);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('gives up on an answer whose body stalls after its headers', async () => {
    const server = await stallingServer((res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.write('{"status":"ok",');
    });
    const outcome = await submitLead(
      validValues(),
      { idempotencyKey: 'key-123456789', program: null },
      server.fetchImpl,
      300,
    );
    expect(outcome).toEqual({ kind: 'failed', message: TOO_SLOW_MESSAGE });
  });

  it('still takes an answer that comes within the deadline', async () => {
    const server = await stallingServer((res) => {
      setTimeout(() => {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok', id: 'lead-2' }));
      }, 50);
    });
    const outcome = await submitLead(
      validValues(),
      { idempotencyKey: 'key-123456789', program: null },
      server.fetchImpl,
      5_000,
    );
    expect(outcome).toEqual({ kind: 'stored', id: 'lead-2' });
  });
});
