/**
 * deploy/nginx.conf as shipped, run by Debian's nginx on a loopback port (tests/reliability/proxy.ts,
 * which CI installs for the reliability suite) in front of a stand-in for the site, so what the
 * README says of it holds: it parses, passes the client's address last in X-Forwarded-For (what
 * TRUST_PROXY=1 keys on) with the Host, refuses bodies over its limit before the site sees them,
 * keeps /metrics private, never names its version and logs no personal data; and, in front of the
 * app itself (src/server/app.ts), lets visitors read /healthz's status but not its details. Only the
 * upstream address, the listening port and the access log's path are changed, to loopback ones and
 * the run's folder; the http block around it logs as the image's does.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nginxBinary, nginxMainConfig, type RunningProxy, startNginx } from '../../reliability/proxy.ts';
import { rawRequest } from '../../support/raw-http.ts';
import { startApp } from '../server/app-harness.ts';

const shipped = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/nginx.conf'), 'utf8');

/**
 * The access log of compose's nginx image (nginx:1.28's /etc/nginx/nginx.conf, in its http block):
 * the client's address, the request line with its query string, the referrer and the user agent.
 */
const imageAccessLog = (dir: string) => `  log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                  '$status $body_bytes_sent "$http_referer" '
                  '"$http_user_agent" "$http_x_forwarded_for"';
  access_log ${dir}/access.log main;
`;

/** The shipped server block with loopback addresses, in the http block compose's nginx image wraps it in. */
function deployedConfig(dir: string, listenPort: number, [sitePort]: readonly number[]): string {
  const replacements: [string, string][] = [
    ['server site:4321;', `server 127.0.0.1:${sitePort};`],
    ['listen 80;', `listen 127.0.0.1:${listenPort};`],
    ['listen [::]:80;', ''],
    ['/var/log/nginx/access.log', `${dir}/access.log`],
  ];
  let server = shipped;
  for (const [from, to] of replacements) {
    // Fails loudly if the lines this changes moved, rather than testing another configuration.
    expect(server, `deploy/nginx.conf still has "${from}"`).toContain(from);
    server = server.replace(from, to);
  }
  const main = nginxMainConfig(dir, server, 64);
  expect(main).toContain('  access_log off;\n');
  return main.replace('  access_log off;\n', imageAccessLog(dir));
}

interface Seen {
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

describe.skipIf(nginxBinary() === null)('nginx in front of the site (deploy/nginx.conf)', () => {
  const seen: Seen[] = [];
  let site: Server;
  let proxy: RunningProxy;
  let port: number;

  beforeAll(async () => {
    site = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ headers: req.headers, bytes });
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    proxy = await startNginx([(site.address() as AddressInfo).port], deployedConfig);
    port = Number(new URL(proxy.url).port);
  });
  afterAll(async () => {
    await proxy?.stop();
    await new Promise((resolve) => site?.close(resolve));
  });

  it("passes the client's address last in X-Forwarded-For, and the Host it was asked for", async () => {
    seen.length = 0;
    const answer = await fetch(`${proxy.url}/about`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(answer.status).toBe(200);
    const headers = seen.at(-1)?.headers ?? {};
    // A client's own X-Forwarded-For comes first; the address nginx saw is the last, which the site keys on.
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    // With its port: the site compares a post's Origin with it.
    expect(headers.host).toBe(new URL(proxy.url).host);
    expect(headers['x-forwarded-proto']).toBe('http');
  });

  it('refuses a body over 64 KB with 413, before the site sees it, and passes a smaller one', async () => {
    seen.length = 0;
    const post = (bytes: number) =>
      fetch(`${proxy.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: 'a'.repeat(bytes),
      });
    expect((await post(70_000)).status).toBe(413);
    expect(seen).toEqual([]);
    // A 500 here is nginx's own: its error log says why (a worker that cannot reach its temp path).
    expect((await post(20_000)).status, proxy.errorLog()).toBe(200);
    expect(seen.map((request) => request.bytes)).toEqual([20_000]);
  });

  it("logs each request without the client's address, query string, referrer or browser", async () => {
    // The site logs the path only (a query may carry an address), and the privacy policy says the
    // IP address is used briefly, to limit requests: the proxy's log, kept with the container's,
    // must not keep more than the site's.
    const answer = await fetch(`${proxy.url}/programs?email=ada.lovelace%40example.org`, {
      headers: {
        'X-Forwarded-For': '203.0.113.9',
        Referer: 'https://news.example.net/issue?subscriber=ada.lovelace%40example.org',
        'User-Agent': 'MarkerBrowser/1.0',
      },
    });
    expect(answer.status).toBe(200);
    const line = await vi.waitFor(() => {
      const found = proxy
        .accessLog()
        .split('\n')
        .find((l) => l.includes('/programs'));
      if (!found) throw new Error(`no access log line yet: ${proxy.accessLog()}`);
      return found;
    });
    expect(line).toMatch(/"GET \/programs" 200 /);
    expect(line).not.toMatch(/ada|lovelace|email|127\.0\.0\.1|203\.0\.113|news\.example|MarkerBrowser/);
  });

  it('answers /metrics with 404 itself: Prometheus scrapes the instances directly', async () => {
    seen.length = 0;
    const answer = await fetch(`${proxy.url}/metrics`, { headers: { Authorization: 'Bearer anything-at-all' } });
    expect(answer.status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('never names its version, on the answers it passes on or on its own error pages', async () => {
    // A version tells a scanner which published vulnerabilities to try.
    const page = await rawRequest(port, '/');
    const metrics = await rawRequest(port, '/metrics');
    const malformed = await rawRequest(port, '/%');
    expect([page.status, metrics.status, malformed.status]).toEqual([200, 404, 400]);
    for (const answer of [page, metrics, malformed]) {
      expect(answer.headers.server, answer.statusLine).toBe('nginx');
      expect(answer.body, answer.statusLine).not.toMatch(/nginx\/\d/);
    }
  });
});

describe.skipIf(nginxBinary() === null)("the site's /healthz through nginx", () => {
  it('gives visitors the status alone, and the operator on the server the details', async () => {
    // The real app (src/server/app.ts) with the details /healthz carries in local CMS mode: delivery
    // counts and the content files the last publish failed on.
    const details = {
      deliveries: { dead: 1, pending: 3, oldestPendingSeconds: 5400 },
      publishing: { building: false, last: { outcome: 'failed', files: ['src/content/case-studies/stella.md'] } },
    };
    const app = await startApp({ health: async () => details });
    const proxy = await startNginx([app.port], deployedConfig);
    try {
      const throughNginx = await fetch(`${proxy.url}/healthz`);
      expect(throughNginx.status).toBe(200);
      expect(await throughNginx.text()).toBe('{"status":"ok"}');
      // Docker's HEALTHCHECK and the operator ask the server itself, on 127.0.0.1.
      expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok', ...details });
    } finally {
      await proxy.stop();
      await app.close();
    }
  });
});
