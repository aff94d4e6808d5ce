import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readBody, type ReadBodyOptions } from '../../../../src/server/http/read-body.ts';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server answering with the status readBody settles on, and the body length. */
async function start(options: ReadBodyOptions): Promise<number> {
  server = createServer((req, res) => {
    readBody(req, options).then(
      (body) => res.writeHead(200).end(String(body.length)),
      (error: { status?: number }) => {
        res.writeHead(error.status ?? 500, { Connection: 'close' }).end();
        res.once('finish', () => req.socket.destroy());
      },
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function post(
  port: number,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('readBody', () => {
  it('returns the body within the limit, exactly at the limit too', async () => {
    const port = await start({ limitBytes: 1024, timeoutMs: 2000 });
    expect(await post(port, Buffer.alloc(10, 'a'))).toEqual({ status: 200, text: '10' });
    expect(await post(port, Buffer.alloc(1024, 'a'))).toEqual({ status: 200, text: '1024' });
  });

  it('refuses a declared Content-Length over the limit with 413', async () => {
    const port = await start({ limitBytes: 1024, timeoutMs: 2000 });
    expect((await post(port, Buffer.alloc(1025, 'a'))).status).toBe(413);
  });

  it('refuses a chunked body once it passes the limit with 413', async () => {
    const port = await start({ limitBytes: 1024, timeoutMs: 2000 });
    const result = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(Buffer.alloc(800, 'a'));
      req.write(Buffer.alloc(800, 'a'));
      // never ended: the answer must come from the limit, not from the end of the body
    });
    expect(result).toBe(413);
  });

  it('answers 408 when the body does not finish in time', async () => {
    const port = await start({ limitBytes: 1024, timeoutMs: 200 });
    const started = Date.now();
    const answer = await rawExchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a little');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects a malformed Content-Length', async () => {
    const port = await start({ limitBytes: 1024, timeoutMs: 2000 });
    const answer = await rawExchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n');
    // Node's own parser refuses it first (400); either way it is a 4xx.
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
  });
});

/** Writes `request` as raw bytes (so it can be malformed or unfinished) and returns all the server sent before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
}
