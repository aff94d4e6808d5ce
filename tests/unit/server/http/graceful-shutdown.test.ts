import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../../../../src/server/http/graceful-shutdown.ts';

let server: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (server?.listening) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  server = null;
});

async function start(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createServer(handler);
  server.keepAliveTimeout = 5_000;
  const shutdown = gracefulShutdown(server);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { shutdown, port: (server.address() as AddressInfo).port };
}

/** A raw keep-alive connection: each `request` writes one GET and resolves with the raw answer. */
async function keepAliveConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffered = '';
  let waiting: ((text: string) => void) | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
    if (end >= 0 && buffered.length >= end + 4 + length && waiting) {
      const answer = buffered.slice(0, end + 4 + length);
      buffered = buffered.slice(end + 4 + length);
      const resolve = waiting;
      waiting = null;
      resolve(answer);
    }
  });
  const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
  return {
    closed,
    request(path = '/') {
      return new Promise<string>((resolve, reject) => {
        waiting = resolve;
        socket.once('error', reject);
        // A connection closed under the request fails it at once (the old shutdown did this).
        void closed.then(() => reject(new Error('the connection closed before an answer')));
        socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
      });
    },
  };
}

const ok = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' }).end('ok');
};

describe('gracefulShutdown', () => {
  it('answers a keep-alive client that keeps sending, with Connection: close, and then drains', async () => {
    const { shutdown, port } = await start(ok);
    const client = await keepAliveConnection(port);
    expect(await client.request()).toMatch(/keep-alive/i);

    const drained = shutdown.drain({ idleGraceMs: 5_000, forceAfterMs: 8_000 });
    // The client does not know yet and sends its next request over the same connection.
    const answer = await client.request();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
    expect(await client.closed).toBe('closed');
    // Drained by the answers themselves, long before the idle grace or the forced close.
    const started = Date.now();
    await drained;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lets a request in flight finish before resolving', async () => {
    let finish: () => void = () => {};
    const { promise: arrived, resolve: arrive } = Promise.withResolvers<void>();
    const { shutdown, port } = await start((_req, res) => {
      finish = () => res.writeHead(200, { 'Content-Length': '4' }).end('done');
      arrive();
    });
    const client = await keepAliveConnection(port);
    const pending = client.request();
    await arrived;

    // Resolves once the idle sweep has run twice: past the grace, with the request still open.
    const { promise: sweptTwice, resolve: swept } = Promise.withResolvers<void>();
    const live = server as Server;
    const closeIdle = live.closeIdleConnections.bind(live);
    let sweeps = 0;
    live.closeIdleConnections = () => {
      closeIdle();
      if (++sweeps === 2) swept();
    };
    let drainedYet = false;
    const drained = shutdown.drain({ idleGraceMs: 50, forceAfterMs: 5_000 }).then(() => {
      drainedYet = true;
    });
    await sweptTwice;
    expect(drainedYet).toBe(false);
    finish();
    expect(await pending).toMatch(/^HTTP\/1\.1 200[\s\S]*done$/);
    await drained;
  });

  it('answers a request that arrives on an idle connection just after draining began', async () => {
    const { shutdown, port } = await start(ok);
    const client = await keepAliveConnection(port);
    await client.request();
    const drained = shutdown.drain({ idleGraceMs: 500 });
    // http.Server#close would have closed this idle connection already and reset the request.
    expect(await client.request()).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close/i);
    await drained;
  });

  it('closes an idle connection after the grace and refuses new connections', async () => {
    const { shutdown, port } = await start(ok);
    const client = await keepAliveConnection(port);
    await client.request();
    const started = Date.now();
    const drained = shutdown.drain({ idleGraceMs: 200 });
    expect(shutdown.draining).toBe(true);
    const refused = await new Promise<string>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => resolve('connected'));
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    await client.closed;
    await drained;
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('closes what is still open at the bound', async () => {
    const { promise: arrived, resolve: arrive } = Promise.withResolvers<void>();
    const { shutdown, port } = await start(() => {
      arrive(); // and never answers
    });
    const client = await keepAliveConnection(port);
    void client.request().catch(() => {});
    await arrived;
    let forced = 0;
    await shutdown.drain({ idleGraceMs: 50, forceAfterMs: 300, onForce: () => (forced += 1) });
    expect(forced).toBe(1);
    expect(await client.closed).toBe('closed');
  });

  it('returns the same promise when called twice', async () => {
    const { shutdown } = await start(ok);
    const first = shutdown.drain({ idleGraceMs: 50 });
    expect(shutdown.drain()).toBe(first);
    await first;
  });
});
