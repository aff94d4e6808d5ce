/**
 * An operator's command waits for a PostgreSQL that is slow to accept a connection, where the server
 * gives up after 5 s (src/server/commands/command-line.ts, COMMAND_CONNECTION_TIMEOUT_MS): a loaded
 * CI machine once stopped a command that way, with nothing done. Here PostgreSQL is reached through
 * a proxy that holds each new connection for 6 s before passing it on.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../../../support/child-env.ts';

const run = promisify(execFile);
const PRIVACY = fileURLToPath(new URL('../../../../src/server/commands/privacy.ts', import.meta.url));
const HELD_MS = 6000;
const pgUrl = process.env.TEST_DATABASE_URL;

/** A loopback proxy to `target` that passes each connection on only after HELD_MS. */
async function slowProxy(target: URL): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    const timer = setTimeout(() => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    }, HELD_MS);
    client.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!pgUrl)('an operator command on a database slow to accept', { timeout: 60_000 }, () => {
  const schema = `leads_slow_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  let proxy: Awaited<ReturnType<typeof slowProxy>>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    proxy = await slowProxy(new URL(pgUrl!));
  });
  afterAll(async () => {
    await proxy?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('waits past the 5 s a visitor request would, and answers', async () => {
    const url = new URL(pgUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const started = Date.now();
    const result = await run(process.execPath, [PRIVACY, 'find', '--email', 'nobody@example.org'], {
      env: childEnv({ DATABASE_URL: url.toString() }),
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('[]\n');
    expect(result.stderr).toContain('Found 0 lead(s) with that address in the postgres store.');
    // The proxy's hold was in the way: the answer came after it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS);
  });
});
