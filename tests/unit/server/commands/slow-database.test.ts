/**
 * An operator's command waits for a PostgreSQL that is slow to accept a connection, where the server
 * gives up after 5 s (src/server/commands/command-line.ts, COMMAND_CONNECTION_TIMEOUT_MS): a loaded
 * CI machine once stopped a command that way, with nothing done. Here PostgreSQL is reached through
 * a relay that holds each new connection for 6 s before passing it on.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../../../support/child-env.ts';
import { relayTo } from '../../../support/pg-relay.ts';
import { runScript } from '../../../support/run-script.ts';

const PRIVACY = fileURLToPath(new URL('../../../../src/server/commands/privacy.ts', import.meta.url));
const HELD_MS = 6000;
const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('an operator command on a database slow to accept', { timeout: 60_000 }, () => {
  const schema = `leads_slow_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  let relay: Awaited<ReturnType<typeof relayTo>>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    relay = await relayTo(pgUrl!, { slowAcceptMs: HELD_MS });
    relay.set('slow');
  });
  afterAll(async () => {
    await relay?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('waits past the 5 s a visitor request would, and answers', async () => {
    const url = new URL(relay.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const started = Date.now();
    const result = await runScript(PRIVACY, ['find', '--email', 'nobody@example.org'], {
      env: childEnv({ DATABASE_URL: url.toString() }),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('[]\n');
    expect(result.stderr).toContain('Found 0 lead(s) with that address in the postgres store.');
    // The relay's hold was in the way: the answer came after it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS);
  });
});
