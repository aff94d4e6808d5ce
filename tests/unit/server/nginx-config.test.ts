/**
 * deploy/nginx.conf, loaded by a real nginx (Debian's, which CI installs for the reliability suite)
 * in front of a stand-in for the site, so what the README says of it holds: it parses, passes the
 * client's address last in X-Forwarded-For (what TRUST_PROXY=1 keys on) with the Host, refuses
 * bodies over its limit before the site sees them, and keeps /metrics private. Only the upstream
 * address and the listening port are changed, to loopback ones.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';

const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

/** The deployed server block with loopback addresses; fails loudly if the lines it changes moved. */
function deployedConfig(upstreamPort: number, listenPort: number): string {
  const original = readFileSync('deploy/nginx.conf', 'utf8');
  const replacements: [string, string][] = [
    ['server site:4321;', `server 127.0.0.1:${upstreamPort};`],
    ['listen 80;', `listen 127.0.0.1:${listenPort};`],
    ['listen [::]:80;', ''],
  ];
  let config = original;
  for (const [from, to] of replacements) {
    expect(config, `deploy/nginx.conf still has "${from}"`).toContain(from);
    config = config.replace(from, to);
  }
  return config;
}

interface Seen {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

describe.skipIf(!nginx)('deploy/nginx.conf in front of the site', () => {
  const seen: Seen[] = [];
  let upstream: Server;
  let proxy: ChildProcess;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, bytes });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const listenPort = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-config-'));
    // Run as root, nginx's workers drop to an unprivileged user: they must reach their temp paths.
    chmodSync(dir, 0o711);
    writeFileSync(path.join(dir, 'site.conf'), deployedConfig((upstream.address() as AddressInfo).port, listenPort));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
      .join('\n');
    // The http block compose's nginx image wraps conf.d/default.conf in.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
        `events { worker_connections 64; }\nhttp {\n  access_log off;\n${temp}\n  include ${dir}/site.conf;\n}\n`,
    );
    const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
    const test = spawnSync(nginx ?? '', ['-t', ...args], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    proxy = spawn(nginx ?? '', args, { stdio: 'ignore' });
    base = `http://127.0.0.1:${listenPort}`;
    await vi.waitFor(
      async () => {
        const answer = await fetch(`${base}/healthz`);
        if (answer.status !== 200) throw new Error(`nginx answered ${answer.status}`);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    }
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("passes the client's address last in X-Forwarded-For, and the Host it was asked for", async () => {
    seen.length = 0;
    const answer = await fetch(`${base}/about`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(answer.status).toBe(200);
    const headers: Seen['headers'] = seen.at(-1)?.headers ?? {};
    // A client's own X-Forwarded-For comes first; the address nginx saw is the last, which the site keys on.
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(headers.host).toBe(new URL(base).host);
    expect(headers['x-forwarded-proto']).toBe('http');
  });

  it('refuses a body over 64 KB with 413, before the site sees it, and passes a smaller one', async () => {
    seen.length = 0;
    const post = (bytes: number) =>
      fetch(`${base}/api/waitlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: 'a'.repeat(bytes),
      });
    expect((await post(70_000)).status).toBe(413);
    expect(seen).toEqual([]);
    // A 500 here is nginx's own: its error log says why (a worker that cannot reach its temp path).
    expect((await post(20_000)).status, readFileSync(path.join(dir, 'error.log'), 'utf8')).toBe(200);
    expect(seen.map((request) => request.bytes)).toEqual([20_000]);
  });

  it('answers /metrics with 404 itself: Prometheus scrapes the instances directly', async () => {
    seen.length = 0;
    const answer = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer anything-at-all' } });
    expect(answer.status).toBe(404);
    expect(seen).toEqual([]);
  });
});
