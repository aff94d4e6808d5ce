/**
 * A real reverse proxy in front of several server instances: Debian's nginx (installed by
 * .ci/ensure-nginx.sh), run by the suite itself on a loopback port with a generated config in a
 * temporary directory, in the foreground, with its own pid, log and temp paths: nothing of the
 * system's nginx (service, /etc/nginx, /var/log/nginx) is used or touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.ts';
import { pollUntil } from '../support/poll.ts';
import { send } from './http-client.ts';

export interface RunningProxy {
  url: string;
  /** nginx's error log (a failed-over request shows up here as "upstream prematurely closed", say). */
  errorLog(): string;
  /** The access log at `access.log` in its directory, for a config that writes one (empty otherwise). */
  accessLog(): string;
  stop(): Promise<void>;
}

/** The nginx binary, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || null;
}

/**
 * nginx's main configuration for a run in `dir`, in the foreground, with its pid, log and temp paths
 * there, and `http` (upstreams and server blocks) inside its http block.
 */
export function nginxMainConfig(dir: string, http: string, workerConnections = 1024): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/**
 * The proxy's settings are the point of the multi-instance scenario, so they are spelled out here:
 * - round robin over the instances; one that refuses or drops three connections within 10 s is
 *   taken out for 10 s. With one (`max_fails=1`), a single dropped connection to the instance left
 *   standing took it out too, and nginx answered 502 to everything for 10 s ("no live upstreams"):
 *   in CI on 29 November, 502x800 after the kill, on a machine at load 10;
 * - `proxy_next_upstream ... non_idempotent`: a POST whose instance died before answering is sent
 *   to the next one. Safe here because every waiting-list POST carries an idempotency key (the
 *   wizard's Idempotency-Key header, the plain form's hidden field): if the dead instance had
 *   stored the lead, the retry finds it and answers with the same id instead of storing it again.
 * - keep-alive to the instances, each idle connection closed by nginx after 4 s, before the
 *   server's own 5 s (SERVER_TIMEOUTS.keepAliveMs): a connection the server has just closed, reused
 *   by nginx, fails the request sent on it;
 * - X-Forwarded-For appended (the servers run with TRUST_PROXY=1).
 */
export function nginxConfig(dir: string, listenPort: number, upstreamPorts: readonly number[]): string {
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  return nginxMainConfig(
    dir,
    `  upstream site {
${servers}
    keepalive 64;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 64k;
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout http_502 non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }`,
  );
}

/** The whole nginx configuration for a run in `dir`: listening on `listenPort`, in front of `upstreamPorts`. */
export type NginxConfig = (dir: string, listenPort: number, upstreamPorts: readonly number[]) => string;

export interface NginxOptions {
  /** A command nginx runs under, e.g. tests/support/without-ipv6.py's (`python3 <path>`). */
  launcher?: readonly string[];
}

export async function startNginx(
  upstreamPorts: readonly number[],
  config: NginxConfig = nginxConfig,
  { launcher = [] }: NginxOptions = {},
): Promise<RunningProxy> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (bash .ci/ensure-nginx.sh installs it as root)');
  const dir = mkdtempSync(path.join(tmpdir(), 'reliability-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user: they must reach their temp paths.
  chmodSync(dir, 0o711);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, port, upstreamPorts));
  // -e: the error log before the config is read (otherwise /var/log/nginx/error.log); -p: prefix.
  const [command = binary, ...args] = [...launcher, binary, '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const logFile = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  const errorLog = () => logFile('error.log');
  const accessLog = () => logFile('access.log');
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // graceful: the master ends its workers, then itself
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const settled = await pollUntil(
    async () => child.exitCode !== null || (await send(url, { path: '/healthz', timeoutMs: 1000 })).status === 200,
    { timeoutMs: 15_000, intervalMs: 100 },
  );
  if (settled && child.exitCode === null) return { url, errorLog, accessLog, stop };
  const why = `${output}\n${errorLog()}`.trim();
  await stop();
  throw new Error(`nginx did not start on ${url}: ${why.slice(-1500)}`);
}
