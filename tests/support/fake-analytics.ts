/**
 * A local stand-in for Plausible and Umami on loopback: it answers their events APIs as they do
 * (Plausible: POST /api/event, 202; Umami: POST /api/send, 200, with CORS for the browser) and
 * records every request, so tests can read what a browser or the server sent, in order.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnalyticsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export async function startFakeAnalytics(port = 0) {
  const requests: FakeAnalyticsRequest[] = [];
  let status: number | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'POST');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      if (req.url !== '/__requests')
        requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/healthz') res.writeHead(200).end('ok');
      // For browser tests, which run in other processes: what was received so far.
      else if (req.method === 'GET' && req.url === '/__requests') {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(requests.filter((r) => r.method === 'POST')));
      } else if (status) res.writeHead(status).end('unavailable');
      else if (req.method === 'POST' && req.url === '/api/event') res.writeHead(202).end('ok');
      else if (req.method === 'POST' && req.url === '/api/send') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"cache":"x"}');
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Event requests only (no preflights, no health checks). */
    events: () => requests.filter((r) => r.method === 'POST'),
    requests,
    /** Answer every event with this status from now on (undefined: as the service does). */
    failWith(next: number | undefined) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startFakeAnalytics(Number(process.argv[2] ?? 4393));
}
