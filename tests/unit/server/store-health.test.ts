/**
 * The real server (src/server/launch.mjs on the build) and the store it stands on: it refuses to
 * start, in one line, on a store it cannot use, /healthz says 503 once the store stops answering
 * real reads, and a submission the store cannot take is logged as an error. Needs `npm run build`
 * (npm test builds first).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteLeadStore } from '../../../src/server/leads/store.ts';
import { freePort } from '../../../scripts/free-port.ts';
import { json, send } from '../../reliability/http-client.ts';
import { startServer } from '../../reliability/server-process.ts';
import { submission } from '../../reliability/submissions.ts';
import { waitlistApiMessages } from '../../../src/server/waitlist/messages.ts';
import { lead } from './leads/store-contract.ts';
import { childEnv } from '../../support/child-env.ts';
import { runScript } from '../../support/run-script.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LAUNCH = path.join(ROOT, 'src/server/launch.mjs');
const built = existsSync(path.join(ROOT, 'dist/server/entry.mjs'));

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-health-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the server expecting it to stop; its exit code and what it printed. */
async function startExpectingExit(env: Record<string, string>) {
  const port = String(await freePort());
  return runScript(LAUNCH, [], {
    cwd: ROOT,
    timeout: 60_000,
    env: childEnv({ PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }),
  });
}

async function storeWithLeads(file: string, count: number): Promise<void> {
  const store = openSqliteLeadStore(file);
  for (let i = 0; i < count; i += 1) await store.save(lead({ name: `Lead ${i}` }), randomUUID());
  await store.close();
}

describe.skipIf(!built)('the store at start and in /healthz (real server; needs a build)', { timeout: 90_000 }, () => {
  it('an unreachable DATABASE_URL stops the server with one line, no stack trace and no secret', async () => {
    const closedPort = await freePort();
    const result = await startExpectingExit({ DATABASE_URL: `postgres://leads:hunter2@127.0.0.1:${closedPort}/leads` });
    expect(result.code).toBe(1);
    const printed = `${result.stdout}${result.stderr}`.trim();
    expect(printed.split('\n')).toHaveLength(1);
    expect(printed).toMatch(/^Lead store error: .*PostgreSQL.*DATABASE_URL.*ECONNREFUSED/);
    expect(printed).not.toMatch(/hunter2|\bat .*\.js:\d+/);
  });

  it('a port in use stops the server with one line, and the harness never takes its holder for the server', async () => {
    // Another server on the port, answering /healthz as ours would.
    const holder = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const result = await startExpectingExit({
        PORT: String(port),
        SQLITE_PATH: path.join(tempDir(), 'leads.sqlite'),
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Cannot start: 127.0.0.1:${port} is in use by another process. Set PORT (or HOST) to a free address.`,
      );
      const started = startServer({
        storeEnv: { SQLITE_PATH: path.join(tempDir(), 'leads.sqlite') },
        feedUrl: 'http://127.0.0.1:9/feed.xml',
        port,
      }).then(async (server) => {
        await server.stop(); // the failure this test exists for: not left running
        return server;
      });
      await expect(started).rejects.toThrow(/did not become healthy .*it exited.*is in use by another process/s);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("a SQLite store that fails SQLite's quick_check stops the server with one line", async () => {
    const file = path.join(tempDir(), 'leads.sqlite');
    await storeWithLeads(file, 400);
    // Overwrite the middle of the leads table's pages with garbage, as a torn copy would.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, 4096 * 6);
    closeSync(fd);
    const result = await startExpectingExit({ SQLITE_PATH: file });
    expect(result.code).toBe(1);
    const printed = `${result.stdout}${result.stderr}`.trim();
    expect(printed.split('\n')).toHaveLength(1);
    expect(printed).toMatch(/^Lead store error: the SQLite store at .*leads\.sqlite failed SQLite's quick_check/);
  });

  it('/healthz and a submission answer 503 once the store file is replaced under the running server', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'leads.sqlite');
    await storeWithLeads(file, 3);
    const server = await startServer({ storeEnv: { SQLITE_PATH: file }, feedUrl: 'http://127.0.0.1:9/feed.xml' });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // What `leads:backup --out <the store>` did: another file moved over the live one.
      const other = path.join(dir, 'other.sqlite');
      copyFileSync(file, other);
      renameSync(other, file);
      const answer = await fetch(`${server.url}/healthz`);
      expect(answer.status).toBe(503);
      expect((await answer.json()).status).toBe('unavailable');
      // Saved, the lead would go into the file just removed: refused, the visitor tries again.
      const submitted = await send(server.url, submission('store-replaced', 0, { kind: 'json' }).request);
      expect(submitted.status).toBe(503);
      expect(json(submitted)?.message).toBe(waitlistApiMessages.storeFailed);
    } finally {
      await server.stop();
    }
  });

  it('a submission the store cannot take is answered 503 and logged as an error, without the address', async () => {
    const file = path.join(tempDir(), 'leads.sqlite');
    await storeWithLeads(file, 1);
    // Started at LOG_LEVEL=warn, which the README says keeps only problems.
    const server = await startServer({ storeEnv: { SQLITE_PATH: file }, feedUrl: 'http://127.0.0.1:9/feed.xml' });
    try {
      // The table moved away under the running server: its next insert fails, as on a broken store.
      const db = new DatabaseSync(file);
      db.exec('ALTER TABLE leads RENAME TO leads_elsewhere');
      db.close();
      const lead = submission('store-health', 0, { kind: 'json' });
      const answer = await send(server.url, lead.request);
      expect(answer.status).toBe(503);
      expect(json(answer)?.message).toBe(waitlistApiMessages.storeFailed);

      const logged = () => server.logEntries().find((entry) => entry.event === 'waitlist');
      await expect.poll(logged).toMatchObject({
        level: 50,
        outcome: 'store_error',
        status: 503,
        storeError: 'ERR_SQLITE_ERROR (SQL logic error)',
      });
      expect(server.output()).not.toContain(lead.email);
    } finally {
      await server.stop();
    }
  });
});
