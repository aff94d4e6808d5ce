import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_API_PATH, WAITLIST_KEY_CONFLICT_MESSAGE } from '../../../../src/lib/waitlist/api.ts';
import { submitLead } from '../../../../src/islands/waitlist/submit-lead.ts';
import { type FeedServer, hang, type Route, startFeedServer } from '../../../support/feed-server.ts';
import { validValues } from '../../../support/lead-fixture.ts';

/** The project's stand-in server on loopback, answering the wizard's path as `answer` does; each request's method and path is kept. */
async function standIn(answer: Route) {
  const server = await startFeedServer();
  servers.push(server);
  const requests: string[] = [];
  server.route(WAITLIST_API_PATH, (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  return { server, requests };
}
const servers: FeedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Sends valid answers with the given deadline; the wizard posts to a path on its own origin, here the stand-in's. */
const sendTo = (server: FeedServer, timeoutMs: number) =>
  submitLead(
    validValues(),
    { idempotencyKey: 'key-123456789', program: null },
    (input, init) => fetch(server.url(String(input)), init),
    timeoutMs,
  );

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
    const { server, requests } = await standIn(hang());
    const started = performance.now();
    const outcome = await sendTo(server, 300);
    expect(outcome).toEqual({ kind: 'failed', message: TOO_SLOW_MESSAGE });
    expect(requests).toEqual(['POST /api/waitlist']);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('gives up on an answer whose body stalls after its headers', async () => {
    const { server } = await standIn((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.write('{"status":"ok",');
    });
    const outcome = await sendTo(server, 300);
    expect(outcome).toEqual({ kind: 'failed', message: TOO_SLOW_MESSAGE });
  });

  it('still takes an answer that comes within the deadline', async () => {
    const { server } = await standIn((_req, res) => {
      setTimeout(() => {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok', id: 'lead-2' }));
      }, 50);
    });
    const outcome = await sendTo(server, 5_000);
    expect(outcome).toEqual({ kind: 'stored', id: 'lead-2' });
  });
});
