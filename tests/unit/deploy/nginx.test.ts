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
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';
import { nginxBinary, nginxMainConfig, type RunningProxy, startNginx } from '../../reliability/proxy.ts';
import { type RawAnswer, rawRequest } from '../../support/raw-http.ts';
import { applySecurityHeaders } from '../../../src/server/http/security-headers.ts';
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

/**
 * The shipped server block with loopback addresses, in the http block compose's nginx image wraps it
 * in; `changes` are further [from, to] replacements a test needs (a shorter timeout, say).
 */
function deployedConfig(
  dir: string,
  listenPort: number,
  [sitePort]: readonly number[],
  changes: readonly [string, string][] = [],
): string {
  const replacements: [string, string][] = [
    ['server site:4321;', `server 127.0.0.1:${sitePort};`],
    ['listen 80;', `listen 127.0.0.1:${listenPort};`],
    ['/var/log/nginx/access.log', `${dir}/access.log`],
    ['/var/log/nginx/error.log', `${dir}/error.log`],
    ...changes,
  ];
  return inImageHttpBlock(dir, replaced(shipped, replacements));
}

/**
 * The same with every `listen` as shipped but for its port: the addresses, and so the address
 * families, nginx must be able to open where it is deployed.
 */
function asShippedConfig(dir: string, listenPort: number, [sitePort]: readonly number[]): string {
  const listens = /^(\s*listen\s+(?:\S*:)?)80\b/gm;
  expect(shipped, 'deploy/nginx.conf listens on port 80').toMatch(listens);
  const server = replaced(shipped.replace(listens, `$1${listenPort}`), [
    ['server site:4321;', `server 127.0.0.1:${sitePort};`],
    ['/var/log/nginx/access.log', `${dir}/access.log`],
    ['/var/log/nginx/error.log', `${dir}/error.log`],
  ]);
  return inImageHttpBlock(dir, server);
}

function replaced(text: string, replacements: readonly [string, string][]): string {
  let server = text;
  for (const [from, to] of replacements) {
    // Fails loudly if the lines this changes moved, rather than testing another configuration.
    expect(server, `deploy/nginx.conf still has "${from}"`).toContain(from);
    server = server.replace(from, to);
  }
  return server;
}

/**
 * A server block in the http block compose's nginx image wraps it in, logging as the image does:
 * its access log, and its error log at `notice` (nginx:1.28's /etc/nginx/nginx.conf, at the top).
 */
function inImageHttpBlock(dir: string, server: string): string {
  const main = nginxMainConfig(dir, server, 64);
  const errorLog = `error_log ${dir}/error.log warn;\n`;
  expect(main).toContain('  access_log off;\n');
  expect(main).toContain(errorLog);
  return main
    .replace('  access_log off;\n', imageAccessLog(dir))
    .replace(errorLog, `error_log ${dir}/error.log notice;\n`);
}

/**
 * The hardening headers the site sends with a page (src/server/http/security-headers.ts; a page
 * that is not prerendered, so with its opener policy), but the CSP, which is each answer's own, and
 * HSTS, which the site sends over https only.
 */
function siteHardeningHeaders(): Map<string, string> {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)) };
  applySecurityHeaders(res as unknown as ServerResponse, { scriptHashes: [], hsts: false }, '/waitlist');
  headers.delete('content-security-policy');
  expect(headers.size, 'the site sends hardening headers besides its CSP').toBeGreaterThan(3);
  return headers;
}

/**
 * An answer nginx wrote itself: its short page, with the site's hardening headers, a policy that
 * allows nothing but the page's own style, no cache and nothing fetched from anywhere.
 */
function expectNginxErrorPage(answer: RawAnswer, status: number, title: string) {
  const label = `${answer.statusLine} (${answer.body.slice(0, 300)})`;
  expect(answer.status, label).toBe(status);
  for (const [name, value] of siteHardeningHeaders()) expect(answer.headers[name], `${label}: ${name}`).toBe(value);
  expect(answer.headers['cache-control'], label).toBe('no-store');
  expect(answer.headers['content-type'], label).toBe('text/html; charset=utf-8');
  expect(answer.body, label).toContain(`<h1>${title}</h1>`);
  expect(answer.body, label).toContain(`<p>Error ${status}</p>`);
  const policy = Object.fromEntries(
    (answer.headers['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
  const style = /<style>([^<]*)<\/style>/.exec(answer.body)?.[1] ?? '';
  const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  expect(policy, label).toEqual({
    'default-src': ["'none'"],
    'style-src': [styleHash],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
  // The one link is the home page; no script, image, stylesheet or font is named, here or anywhere.
  expect(
    [...answer.body.matchAll(/\b(?:href|src|action)=["']?([^"'\s>]*)/g)].map((m) => m[1]),
    label,
  ).toEqual(['/']);
  expect(answer.body, label).not.toMatch(/<script|url\(|@import|https?:/i);
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
        // The site's own error answer, as the waiting list sends one when its store is down.
        if (req.url === '/api/waitlist-down') {
          const body = '{"status":"error","message":"Please try again."}';
          res
            .writeHead(503, {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Length': Buffer.byteLength(body),
              'Retry-After': '5',
            })
            .end(body);
          return;
        }
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

  it("answers what it refuses itself with its own page, the site's hardening headers and a strict policy", async () => {
    const long = 'a'.repeat(9000); // over large_client_header_buffers' 8 KB
    const answers: [RawAnswer, number, string][] = [
      [await rawRequest(port, '/%'), 400, 'Bad request'],
      [await rawRequest(port, '/', { headers: { 'X-Padding': long } }), 400, 'Bad request'],
      [await rawRequest(port, '/metrics'), 404, 'Page not found'],
      [await rawRequest(port, '/.nginx-error'), 404, 'Page not found'],
      [await rawRequest(port, '/', { method: 'TRACE' }), 405, 'Bad request'],
      [
        await rawRequest(port, '/api/waitlist', { method: 'POST', body: 'a'.repeat(70_000) }),
        413,
        'That request was too large',
      ],
      [await rawRequest(port, `/${long}`), 414, 'That address is too long'],
      [await rawRequest(port, '/', { method: 'POST', headers: { 'Transfer-Encoding': 'gzip' } }), 501, 'Bad request'],
    ];
    for (const [answer, status, title] of answers) expectNginxErrorPage(answer, status, title);
  });

  it("passes the site's own answers as the site wrote them, its errors included", async () => {
    // A header added here would go on every page: a second CSP is enforced beside the page's own.
    const page = await rawRequest(port, '/about');
    const down = await rawRequest(port, '/api/waitlist-down', { method: 'POST', body: '{}' });
    expect([page.status, down.status]).toEqual([200, 503]);
    expect(down.body).toBe('{"status":"error","message":"Please try again."}');
    expect(down.headers['retry-after']).toBe('5');
    for (const answer of [page, down]) {
      for (const name of ['content-security-policy', 'x-frame-options', 'cache-control']) {
        expect(answer.headers[name], `${answer.statusLine}: ${name}`).toBeUndefined();
      }
    }
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

  it('answers a client over its rate with 429 and that page', async () => {
    // Eighteen at a time from one address (under its 20 connections, so it is the rate that
    // refuses): past the burst of 40, faster than the limit refills (20 a second), nginx refuses
    // them. One at a time, a CI machine under heavy load once sent fewer than 20 a second.
    let refused: RawAnswer | undefined;
    for (let batch = 0; batch < 25 && !refused; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 18 }, () => rawRequest(port, '/about')));
      refused = answers.find((answer) => answer.status === 429);
    }
    expect(refused, 'no 429 within 450 requests').toBeDefined();
    expectNginxErrorPage(refused as RawAnswer, 429, 'Too many requests');
    // Let the limit empty before any later test.
    await new Promise((resolve) => setTimeout(resolve, 2500));
  });

  it("keeps no client's address in its error log for the routine refusals above", async () => {
    // After the tests above: bad requests, a body too large, a URI and a header too long, TRACE,
    // an unknown transfer encoding and a client over its rate, each of which nginx logs with the
    // client's address at `error` or `info`. The privacy policy keeps technical logs briefly and
    // names no address in them; the access log keeps none either.
    await rawRequest(port, '/', { method: 'POST', body: 'a'.repeat(70_000) });
    const log = proxy.errorLog();
    expect(log, log).not.toMatch(/client:|127\.0\.0\.1/);
  });
});

describe.skipIf(nginxBinary() === null)('nginx when the site is down or too slow', () => {
  it('answers 504 and 502 with its own page, which asks the visitor to come back in a minute', async () => {
    // /slow never answers; nginx's 30 s wait for an answer is made 1 s here.
    const site = createServer((req, res) => {
      if (req.url === '/slow') return;
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as AddressInfo).port;
    const proxy = await startNginx([sitePort], (dir, listenPort, ports) =>
      deployedConfig(dir, listenPort, ports, [['proxy_read_timeout 30s;', 'proxy_read_timeout 1s;']]),
    );
    try {
      const port = Number(new URL(proxy.url).port);
      const slow = await rawRequest(port, '/slow');
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
      const down = await rawRequest(port, '/about');
      for (const [answer, status] of [
        [slow, 504],
        [down, 502],
      ] as const) {
        expectNginxErrorPage(answer, status, "We'll be right back");
        expect(answer.body).toContain('The site is briefly unavailable. Please try again in a minute.');
        expect(answer.headers['retry-after']).toBe('60');
      }
    } finally {
      await proxy.stop();
      if (site.listening) await new Promise((resolve) => site.close(resolve));
    }
  });
});

/**
 * The command that runs another as on a host whose kernel has no IPv6 (tests/support/without-ipv6.py),
 * or null where it cannot (no python3, another architecture): checked by having it try an IPv6 socket.
 */
const withoutIPv6 = ((): string[] | null => {
  const launcher = ['python3', path.resolve(import.meta.dirname, '../../support/without-ipv6.py')];
  const probe = spawnSync('python3', [
    ...launcher.slice(1),
    'python3',
    '-c',
    'import socket; socket.socket(socket.AF_INET); socket.socket(socket.AF_INET6)',
  ]);
  return probe.status === 1 && String(probe.stderr).includes('Address family not supported') ? launcher : null;
})();

describe.skipIf(nginxBinary() === null)('nginx on hosts with and without IPv6', () => {
  let site: Server;
  let sitePort: number;
  beforeAll(async () => {
    site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  /** `nginx -t` on the config as shipped (its own port), then nginx started on it and asked for a page. */
  async function checkAndServe(launcher: readonly string[]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'nginx-t-'));
    try {
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, asShippedConfig(dir, await freePort(), [sitePort]));
      const [command = '', ...args] = [...launcher, nginxBinary() ?? 'nginx'];
      const test = spawnSync(command, [...args, '-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf]);
      expect(test.status, String(test.stderr)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const proxy = await startNginx([sitePort], asShippedConfig, { launcher });
    try {
      const answer = await fetch(`${proxy.url}/about`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('ok');
    } finally {
      await proxy.stop();
    }
  }

  it('passes nginx -t and serves with its listen lines as shipped, on this host', async () => {
    await checkAndServe([]);
  });

  it.skipIf(withoutIPv6 === null)('passes nginx -t and serves where the kernel has no IPv6', async () => {
    await checkAndServe(withoutIPv6 ?? []);
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
