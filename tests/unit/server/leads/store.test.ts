import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  type LeadStoreOptions,
} from '../../../../src/server/leads/store.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { lead, leadStoreContract, type StoreHarness } from './store-contract.ts';
import { outboxContract } from './outbox-contract.ts';
import type { LeadInput } from '../../../../src/server/leads/types.ts';

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

function sqliteHarness(open: (file: string, options?: LeadStoreOptions) => Promise<LeadStore>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-contract-'));
  // A directory that does not exist yet: the store must create it.
  const file = path.join(dir, 'nested', 'data', 'leads.sqlite');
  return {
    open: (options?: LeadStoreOptions) => open(file, options),
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
    deliveryColumns: async () =>
      readSqlite(file, (db) =>
        db
          .prepare('PRAGMA table_info(lead_deliveries)')
          .all()
          .map((r) => String(r.name)),
      ),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  } satisfies StoreHarness & { deliveryColumns(): Promise<string[]> };
}

// What the server uses: the store on its worker thread, every call sent over to it.
const onWorker = (file: string, options?: LeadStoreOptions) =>
  openLeadStore(loadSettings({ SQLITE_PATH: file }), options);
// The store the worker runs, called directly.
const inThread = async (file: string, options?: LeadStoreOptions) => openSqliteLeadStore(file, options);

leadStoreContract('SQLite (worker thread, group commit)', async () => sqliteHarness(onWorker));
outboxContract('SQLite (worker thread, group commit)', async () => sqliteHarness(onWorker));
leadStoreContract('SQLite (in-thread)', async () => sqliteHarness(inThread));
outboxContract('SQLite (in-thread)', async () => sqliteHarness(inThread));

const pgUrl = process.env.TEST_DATABASE_URL;

async function postgresHarness() {
  {
    // Each test gets its own schema, so runs never see each other's rows.
    const schema = `leads_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(pgUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    const columnsOf = async (table: string) =>
      (
        await admin.query(
          'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
          [schema, table],
        )
      ).rows.map((r) => String(r.column_name));
    return {
      open: (options?: LeadStoreOptions) => openLeadStore(loadSettings({ DATABASE_URL: url.toString() }), options),
      appliedVersions: async () =>
        (await admin.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`)).rows.map((r) =>
          Number(r.version),
        ),
      columns: () => columnsOf('leads'),
      deliveryColumns: () => columnsOf('lead_deliveries'),
      dispose: async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    } satisfies StoreHarness & { deliveryColumns(): Promise<string[]> };
  }
}

describe.skipIf(!pgUrl)('PostgreSQL store (TEST_DATABASE_URL)', () => {
  leadStoreContract('PostgreSQL', postgresHarness);
  outboxContract('PostgreSQL', postgresHarness);

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

  it('keeps the file, its WAL files, its directory and copies beside it readable by the owner only', async () => {
    const { chmodSync, statSync, writeFileSync, readdirSync } = await import('node:fs');
    const dir = path.join(tempDir(), 'private');
    const file = path.join(dir, 'leads.sqlite');
    const mode = (p: string) => statSync(p).mode & 0o777;
    const fresh = openSqliteLeadStore(file);
    await fresh.save(lead(), randomUUID());
    expect(mode(dir)).toBe(0o700);
    const names = readdirSync(dir).toSorted();
    expect(names).toEqual(['leads.sqlite', 'leads.sqlite-shm', 'leads.sqlite-wal']);
    for (const name of names) expect(mode(path.join(dir, name))).toBe(0o600);
    await fresh.close();

    // Files an older version (or a copy by hand) left wide open are narrowed at the next start.
    writeFileSync(path.join(dir, 'leads.sqlite.bak'), 'copy');
    chmodSync(path.join(dir, 'leads.sqlite.bak'), 0o644);
    chmodSync(file, 0o664);
    chmodSync(dir, 0o755);
    const narrowed: string[][] = [];
    const reopened = openSqliteLeadStore(file, { onNarrowed: (paths) => narrowed.push(paths) });
    try {
      expect(mode(dir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(path.join(dir, 'leads.sqlite.bak'))).toBe(0o600);
      expect(narrowed.flat().toSorted()).toEqual([dir, file, path.join(dir, 'leads.sqlite.bak')].toSorted());
      await reopened.save(lead(), randomUUID());
      for (const name of readdirSync(dir)) expect(mode(path.join(dir, name))).toBe(0o600);
    } finally {
      await reopened.close();
    }
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

  it('reports a shared folder it left as it was, from the worker', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'someone-elses.txt'), '');
    chmodSync(dir, 0o755);
    const shared: string[] = [];
    const store = await openSqliteThreadStore(path.join(dir, 'shared.sqlite'), {
      onSharedDirectory: (folder) => shared.push(folder),
    });
    try {
      expect(shared).toEqual([dir]);
      expect(statSync(dir).mode & 0o777).toBe(0o755);
    } finally {
      await store.close();
    }
  });

  it('forwards every method the SQLite store has, and rejects every call once closed', async () => {
    const store = await openSqliteThreadStore(path.join(tempDir(), 'calls.sqlite'));
    const inThread = openSqliteLeadStore(':memory:');
    // The worker's own transaction methods (group commit) are not part of the LeadStore.
    const forwarded = Object.keys(inThread).filter((name) => !['inTransaction', 'inSavepoint'].includes(name));
    await inThread.close();
    expect(Object.keys(store).toSorted()).toEqual(forwarded.toSorted());
    await expect(store.checkIntegrity()).resolves.toBe(true);
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
