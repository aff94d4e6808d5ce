/**
 * deploy/nginx.conf as shipped, run by Debian's nginx on a loopback port (tests/reliability/proxy.ts)
 * in front of a stand-in for the site: what a visitor, or a scanner, sees of nginx itself.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, type RunningProxy, startNginx } from '../../reliability/proxy.ts';
import { rawRequest } from '../../support/raw-http.ts';

const shipped = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/nginx.conf'), 'utf8');

/** The shipped server block, listening on loopback and passing to the stand-in, in a minimal http block. */
function deployedConfig(dir: string, listenPort: number, [sitePort]: readonly number[]): string {
  const server = shipped
    .replace('server site:4321;', `server 127.0.0.1:${sitePort};`)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace('listen [::]:80;', '');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server}
}
`;
}

describe.skipIf(nginxBinary() === null)('nginx in front of the site (deploy/nginx.conf)', () => {
  let site: Server;
  let proxy: RunningProxy;
  let port: number;

  beforeAll(async () => {
    site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    proxy = await startNginx([(site.address() as AddressInfo).port], deployedConfig);
    port = Number(new URL(proxy.url).port);
  });
  afterAll(async () => {
    await proxy?.stop();
    await new Promise((resolve) => site?.close(resolve));
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
