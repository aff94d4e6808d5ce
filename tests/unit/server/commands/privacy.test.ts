/**
 * The privacy and delivery commands as an operator runs them (`npm run leads:find` etc. run these
 * files), against a SQLite file and, with TEST_DATABASE_URL, a PostgreSQL schema of their own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../../../src/server/leads/store.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { frustrationOptions } from '../../../../src/lib/waitlist/schema.ts';
import { lead, testClock } from '../leads/store-contract.ts';
import { childEnv } from '../../../support/child-env.ts';
import { runScript } from '../../../support/run-script.ts';

const PRIVACY = fileURLToPath(new URL('../../../../src/server/commands/privacy.ts', import.meta.url));
const DELIVERIES = fileURLToPath(new URL('../../../../src/server/commands/deliveries.ts', import.meta.url));
const HOOK = {
  LEADS_WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
  LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
};

function cli(script: string, args: string[], env: Record<string, string>) {
  const { HOME } = process.env;
  return runScript(script, args, { env: childEnv({ ...(HOME ? { HOME } : {}), ...env }) });
}

interface Target {
  name: string;
  env(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

const targets: Target[] = [];
{
  const dirs: string[] = [];
  targets.push({
    name: 'SQLite',
    env: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'leads-cli-'));
      dirs.push(dir);
      return { SQLITE_PATH: path.join(dir, 'leads.sqlite') };
    },
    cleanup: async () => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  });
}
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const schemas: string[] = [];
  const admin = new pg.Client({ connectionString: pgUrl });
  let connected: Promise<void> | undefined;
  targets.push({
    name: 'PostgreSQL',
    env: async () => {
      connected ??= admin.connect().then(() => undefined);
      await connected;
      const schema = `leads_cli_${randomUUID().replaceAll('-', '')}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      schemas.push(schema);
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return { DATABASE_URL: url.toString() };
    },
    cleanup: async () => {
      for (const schema of schemas.splice(0)) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      if (connected) await admin.end();
    },
  });
}

// Each test starts the commands as Node processes, up to four at once: on a loaded 2-core CI
// machine one took over 20 s to start (as tests/unit/server/settings.test.ts found), so 60 s each.
for (const target of targets) {
  describe(`lead commands on ${target.name}`, { timeout: 60_000 }, () => {
    let env: Record<string, string>;
    beforeAll(async () => {
      env = await target.env();
      const clock = testClock('2023-06-01T00:00:00.000Z');
      const store = await openLeadStore(loadSettings(env), { now: clock.now, channels: ['webhook'] });
      await store.save(lead({ name: 'Old Lead', email: 'old@example.org' }), randomUUID());
      clock.set(new Date().toISOString());
      await store.save(lead({ name: 'Robin First', email: 'robin@example.org' }), randomUUID());
      clock.advance(1000);
      await store.save(lead({ name: 'Robin Again', email: 'ROBIN@Example.org' }), randomUUID());
      clock.advance(1000);
      await store.save(lead({ name: 'Not Robin', email: 'robin2@example.org' }), randomUUID());
      await store.close();
    }, 30_000);
    afterAll(() => target.cleanup());

    /** leads:correct of the lead `id`, found by `email`, with one --set per entry of `sets`. */
    const correct = (email: string, id: string, ...sets: string[]) =>
      cli(PRIVACY, ['correct', '--email', email, '--id', id, ...sets.flatMap((set) => ['--set', set])], env);

    it('finds a person by address, whatever its case, as JSON', async () => {
      // Each command is a Node process of its own, slow on a loaded machine: the reads run side by side.
      const [found, none, noAddress] = await Promise.all([
        cli(PRIVACY, ['find', '--email', 'Robin@EXAMPLE.org'], env),
        cli(PRIVACY, ['find', '--email', 'nobody@example.org'], env),
        cli(PRIVACY, ['find'], env),
      ]);
      expect(found.code).toBe(0);
      const leads = JSON.parse(found.stdout) as { name: string; email: string }[];
      expect(leads.map((l) => l.name)).toEqual(['Robin First', 'Robin Again']);
      expect(found.stderr).toContain('Found 2 lead(s)');
      expect(JSON.parse(none.stdout)).toEqual([]);
      expect(noAddress.code).toBe(2);
    });

    it('corrects one submission in place: same id, same submission date, same deliveries', async () => {
      const before = await openLeadStore(loadSettings(env));
      const [old] = await before.findByEmail('old@example.org');
      const deliveries = await before.listDeliveries();
      await before.close();
      if (!old) throw new Error('The seeded lead is missing.');
      const corrected = await correct(
        'OLD@example.org',
        old.id,
        'companyName=Right Company',
        `frustrations=${frustrationOptions[6]}`,
        'earlyAccess=false',
      );
      expect(corrected.code).toBe(0);
      expect(corrected.stdout).toMatch(
        new RegExp(`^Corrected submission ${old.id} in the \\w+ store: companyName, frustrations, earlyAccess\\.\n`),
      );
      // Dated as it was submitted: the retention purge (the last test) still deletes it on time.
      expect(corrected.stdout).toContain(
        'It keeps its submission date, 2023-06-01T00:00:00.000Z, so it is still deleted after ' +
          '2025-05-31T00:00:00.000Z (LEADS_RETENTION_DAYS=730).',
      );
      // What it cannot change: the copies already delivered, named by the lead id they carry.
      expect(corrected.stdout).toContain(`X-Lead-Id header is ${old.id}`);
      expect(corrected.stdout).toContain(`data.id is ${old.id}): companyName, frustrations, earlyAccess.`);
      const after = await openLeadStore(loadSettings(env));
      try {
        expect(await after.get(old.id)).toEqual({
          ...old,
          companyName: 'Right Company',
          frustrations: [frustrationOptions[6]],
          earlyAccess: false,
        });
        expect(await after.listDeliveries()).toEqual(deliveries);
      } finally {
        await after.close();
      }
      const again = await correct('old@example.org', old.id, 'companyName=Right Company');
      expect(again.stdout).toBe(`Nothing to change: submission ${old.id} already holds these answers.\n`);
    });

    it('changes nothing for values the form refuses, an unknown submission or wrong arguments', async () => {
      const read = async () => {
        const store = await openLeadStore(loadSettings(env));
        try {
          return { leads: await store.list(), deliveries: await store.listDeliveries() };
        } finally {
          await store.close();
        }
      };
      const before = await read();
      const robin2 = before.leads.find((l) => l.email === 'robin2@example.org');
      const robin = before.leads.find((l) => l.email === 'robin@example.org');
      if (!robin2 || !robin) throw new Error('The seeded leads are missing.');
      const unknownId = randomUUID();
      // Four processes at a time, as above; the argument errors stop before the store.
      const [invalid, unknown, someoneElses, noSuchAddress] = await Promise.all([
        correct('robin2@example.org', robin2.id, 'companyName=Valid Co', 'name= ', 'investment=lots'),
        correct('robin2@example.org', unknownId, 'name=Robin Two'),
        correct('robin2@example.org', robin.id, 'name=Robin Two'),
        correct('nobody@example.org', robin2.id, 'name=Robin Two'),
      ]);
      const [notAnId, noId, badSet, deleteOne] = await Promise.all([
        correct('robin2@example.org', 'not-a-lead-id', 'name=Robin Two'),
        cli(PRIVACY, ['correct', '--email', 'robin2@example.org', '--set', 'name=Robin Two'], env),
        correct('robin2@example.org', robin2.id, 'nmae=Robin Two'),
        cli(PRIVACY, ['delete', '--email', 'robin2@example.org', '--id', robin2.id], env),
      ]);

      // Its stderr says why when another code comes (an exit 1 under a loaded CI run, 7 December).
      expect(invalid.code, invalid.stderr).toBe(2);
      expect(invalid.stderr).toContain("Nothing was changed: the corrected answers would not pass the form's rules.");
      expect(invalid.stderr).toContain('name: Name is required.');
      expect(invalid.stderr).toContain(`investment: Please select an option. Give exactly one of:\n    Under $2,500\n`);
      // An id that is not one of that address's submissions: they are listed, with their dates.
      for (const result of [unknown, someoneElses, notAnId]) {
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('Nothing was changed: no submission');
        expect(result.stderr).toContain(`That address has 1 (id, submitted):\n  ${robin2.id}  ${robin2.createdAt}\n`);
      }
      expect(unknown.stderr).toContain(`no submission ${unknownId} with that address`);
      expect(noSuchAddress.code).toBe(1);
      expect(noSuchAddress.stderr).toContain(`no submission ${robin2.id} with that address`);
      expect(noSuchAddress.stderr).toContain('That address has no submission at all.');
      expect(noId.code).toBe(2);
      expect(noId.stderr).toContain('--id LEAD_ID is required');
      expect(badSet.code).toBe(2);
      expect(badSet.stderr).toContain('--set nmae: there is no such field');
      // --id must not make leads:delete look as if it deleted one lead only: it is refused.
      expect(deleteOne.code).toBe(2);
      expect(deleteOne.stderr).toContain('--id and --set belong to leads:correct');
      expect(await read()).toEqual(before);
    });

    it('lists deliveries without personal data, and back-fills only what is missing', async () => {
      // Side by side, as above: the back-fill finds nothing missing, and the other two stop before the store.
      const [listed, backfill, noChannel, badFlag] = await Promise.all([
        cli(DELIVERIES, [], env),
        cli(DELIVERIES, ['--backfill'], { ...env, ...HOOK }),
        cli(DELIVERIES, ['--backfill'], env),
        cli(DELIVERIES, ['--since', '2026-01-01'], env),
      ]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('4 pending');
      expect(listed.stdout).not.toMatch(/robin|example\.org|Old Lead/i);
      expect(backfill.stdout).toBe('Queued 0 deliveries on webhook.\n');
      expect(noChannel.code).toBe(1);
      expect(badFlag.code).toBe(2);
    });

    it('deletes a person and every delivery of their leads, and says how many rows went', async () => {
      const before = await openLeadStore(loadSettings(env));
      const robins = (await before.findByEmail('robin@example.org')).map((lead) => lead.id);
      await before.close();
      expect(robins).toHaveLength(2);
      const deleted = await cli(PRIVACY, ['delete', '--email', 'robin@example.org'], env);
      expect(deleted.code).toBe(0);
      expect(deleted.stdout).toContain('Deleted 2 lead(s) and 2 delivery row(s)');
      // The ids the delivered copies carry, so that the team can find and delete them too.
      expect(deleted.stdout).toContain('Now delete the copies already delivered');
      for (const id of robins) expect(deleted.stdout).toContain(`  ${id}\n`);
      const store = await openLeadStore(loadSettings(env));
      try {
        expect((await store.list()).map((l) => l.name)).toEqual(['Old Lead', 'Not Robin']);
        expect(await store.listDeliveries()).toHaveLength(2);
      } finally {
        await store.close();
      }
    });

    it('purges leads past LEADS_RETENTION_DAYS, counted from submission', async () => {
      // The refused setting stops before the store, so it runs beside the first purge; the second purge
      // must come after the first, which would otherwise find nothing left to keep.
      const [kept, bad] = await Promise.all([
        cli(PRIVACY, ['purge'], { ...env, LEADS_RETENTION_DAYS: '3650' }),
        cli(PRIVACY, ['purge'], { ...env, LEADS_RETENTION_DAYS: 'forever' }),
      ]);
      expect(kept.stdout).toContain('Purged 0 lead(s)');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('LEADS_RETENTION_DAYS must be a whole number');
      // Old Lead, corrected today, is past retention all the same: it counts from its submission in 2023.
      const purged = await cli(PRIVACY, ['purge'], env);
      expect(purged.stdout).toContain('Purged 1 lead(s) and 1 delivery row(s)');
      expect(purged.stdout).toContain('LEADS_RETENTION_DAYS=730');
    });
  });
}
