import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openLeadStore,
  openSqliteLeadStore,
  openSqliteThreadStore,
  type LeadStore,
} from '../../../src/server/leads/store.ts';
import { loadSettings } from '../../../src/server/settings.ts';
import { lead, leadStoreContract, type StoreHarness } from './store-contract.ts';
import type { LeadInput } from '../../../src/server/leads/types.ts';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-test-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function readSqlite<T>(file: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const sqliteHarness = (open: (file: string) => Promise<LeadStore>) => async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-contract-'));
  // A directory that does not exist yet: the store must create it.
  const file = path.join(dir, 'nested', 'data', 'leads.sqlite');
  return {
    open: () => open(file),
    appliedVersions: async () =>
      readSqlite(file, (db) =>
        db
          .prepare('SELECT version FROM schema_migrations ORDER BY version')
          .all()
          .map((r) => Number(r.version)),
      ),
    columns: async () =>
      readSqlite(file, (db) =>
        db
          .prepare('PRAGMA table_info(leads)')
          .all()
          .map((r) => String(r.name)),
      ),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  } satisfies StoreHarness;
};

// What the server uses: the store on its worker thread, every call sent over to it.
leadStoreContract(
  'SQLite (worker thread, group commit)',
  sqliteHarness((file) => openLeadStore(loadSettings({ SQLITE_PATH: file }))),
);
// The store the worker runs, called directly.
leadStoreContract(
  'SQLite (in-thread)',
  sqliteHarness(async (file) => openSqliteLeadStore(file)),
);

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL store (TEST_DATABASE_URL)', () => {
  leadStoreContract('PostgreSQL', async () => {
    // Each test gets its own schema, so runs never see each other's rows.
    const schema = `leads_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(pgUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      open: () => openLeadStore(loadSettings({ DATABASE_URL: url.toString() })),
      appliedVersions: async () =>
        (await admin.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`)).rows.map((r) =>
          Number(r.version),
        ),
      columns: async () =>
        (
          await admin.query(
            'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
            [schema, 'leads'],
          )
        ).rows.map((r) => String(r.column_name)),
      dispose: async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    } satisfies StoreHarness;
  });

  it('openLeadStore picks PostgreSQL when DATABASE_URL is set', async () => {
    const store = await openLeadStore(
      loadSettings({ DATABASE_URL: pgUrl, SQLITE_PATH: path.join(tempDir(), 'unused.sqlite') }),
    );
    try {
      expect(store.kind).toBe('postgres');
    } finally {
      await store.close();
    }
  });
});

describe('SQLite specifics', () => {
  it('picks SQLite without DATABASE_URL and resolves a relative SQLITE_PATH from the working directory', async () => {
    const dir = tempDir();
    const relative = path.relative(process.cwd(), path.join(dir, 'data', 'leads.sqlite'));
    const store = await openLeadStore(loadSettings({ SQLITE_PATH: relative }));
    try {
      expect(store.kind).toBe('sqlite');
      await store.save(lead(), randomUUID());
    } finally {
      await store.close();
    }
    expect(
      readSqlite(
        path.join(dir, 'data', 'leads.sqlite'),
        (db) => db.prepare('SELECT count(*) AS n FROM leads').get()?.n,
      ),
    ).toBe(1);
  });

  it('uses write-ahead logging', async () => {
    const file = path.join(tempDir(), 'wal.sqlite');
    const store = openSqliteLeadStore(file);
    try {
      expect(readSqlite(file, (db) => db.prepare('PRAGMA journal_mode').get()?.journal_mode)).toBe('wal');
    } finally {
      await store.close();
    }
  });

  it('refuses a store whose schema is newer than this code', async () => {
    const file = path.join(tempDir(), 'newer.sqlite');
    await openSqliteLeadStore(file).close();
    const db = new DatabaseSync(file);
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(99, new Date().toISOString());
    db.close();
    expect(() => openSqliteLeadStore(file)).toThrow(/schema version 99/);
  });

  it('reports a damaged file through checkIntegrity or by refusing to open', async () => {
    const file = path.join(tempDir(), 'damaged.sqlite');
    const store = openSqliteLeadStore(file);
    for (let i = 0; i < 200; i += 1) await store.save(lead({ additionalInfo: 'x'.repeat(1500) }), randomUUID());
    await store.close();
    const { openSync, writeSync, closeSync, statSync } = await import('node:fs');
    const fd = openSync(file, 'r+');
    const size = statSync(file).size;
    writeSync(fd, Buffer.alloc(8192, 0xab), 0, 8192, Math.floor(size / 2));
    closeSync(fd);
    let healthy: boolean;
    try {
      const damaged = openSqliteLeadStore(file);
      healthy = await damaged.checkIntegrity().catch(() => false);
      await damaged.close();
    } catch {
      healthy = false;
    }
    expect(healthy).toBe(false);
  });
});

describe('SQLite on its worker thread', () => {
  it('commits saves arriving together as one group, each failure undoing only itself', async () => {
    const file = path.join(tempDir(), 'group.sqlite');
    const store = await openSqliteThreadStore(file);
    try {
      const good = Array.from({ length: 40 }, (_, i) => store.save(lead({ email: `g${i}@example.com` }), `key-${i}`));
      // A lead without a name breaks a NOT NULL constraint inside the same group.
      const bad = store.save({ ...lead(), name: undefined } as unknown as LeadInput, 'key-bad');
      const again = store.save(lead(), 'key-3');
      const results = await Promise.allSettled([...good, bad, again]);
      expect(results.slice(0, 40).every((r) => r.status === 'fulfilled' && r.value.created)).toBe(true);
      expect(results[40]?.status).toBe('rejected');
      const repeat = results[41];
      expect(repeat?.status === 'fulfilled' && repeat.value.created).toBe(false);
      expect(await store.count()).toBe(40);
    } finally {
      await store.close();
    }
    expect(readSqlite(file, (db) => db.prepare('SELECT count(*) AS n FROM leads').get()?.n)).toBe(40);
  });

  it('rejects a method the store does not have, and every call once closed', async () => {
    const store = await openSqliteThreadStore(path.join(tempDir(), 'calls.sqlite'));
    await expect((store as unknown as { nothing: () => Promise<void> }).nothing()).rejects.toThrow(
      /no method "nothing"/,
    );
    await store.close();
    await expect(store.count()).rejects.toThrow(/closed/);
  });

  it('reports a store it cannot open', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'newer.sqlite');
    await openSqliteLeadStore(file).close();
    const db = new DatabaseSync(file);
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(99, new Date().toISOString());
    db.close();
    await expect(openSqliteThreadStore(file)).rejects.toThrow(/schema version 99/);
  });
});
