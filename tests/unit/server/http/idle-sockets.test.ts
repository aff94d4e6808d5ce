import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, SERVER_TIMEOUTS } from '../../../../src/server/http/server.ts';

let server: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  server = null;
});

const SHORT = { idleSocketMs: 300, requestMs: 5_000, headersMs: 5_000, keepAliveMs: 5_000 };

/** Server-side sockets: the client cannot tell a close while it is not reading. */
let serverSockets: Socket[] = [];

async function start(): Promise<number> {
  serverSockets = [];
  // 8 MB answers: far more than the socket buffers hold, so a client that does not read stalls it.
  const big = Buffer.alloc(8 * 1024 * 1024, 'a');
  server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': big.length }).end(big);
  }, SHORT);
  server.on('connection', (socket: Socket) => serverSockets.push(socket));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closed(socket: Socket): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - started)));
}

describe('sockets that stop reading or never speak', () => {
  it('closes a connection that asks for a page and never reads the answer', async () => {
    const port = await start();
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.pause();
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await expect.poll(() => serverSockets.length).toBe(1);
    const after = await closed(serverSockets[0] as Socket);
    expect(after).toBeLessThan(3_000);
  });

  it('closes a connection that keeps the socket open between requests without a word', async () => {
    const port = await start();
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    await expect.poll(() => serverSockets.length).toBe(1);
    expect(await closed(serverSockets[0] as Socket)).toBeLessThan(3_000);
  });

  it('has an idle-socket timeout in production, longer than any answer takes', () => {
    expect(SERVER_TIMEOUTS.idleSocketMs).toBeGreaterThan(10_000);
    expect(SERVER_TIMEOUTS.idleSocketMs).toBeLessThanOrEqual(60_000);
  });
});
