/**
 * The stores every scenario runs against. Each scenario gets an empty store of its own: a new
 * SQLite file in a temp directory, or a new PostgreSQL schema (the server's migrations create the
 * table in it; `search_path` points the server's connections there). The harness reads results with
 * the project's own `openLeadStore`, exactly as `npm run leads:export` would.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openLeadStore, type LeadStore } from '../../src/server/leads/store.ts';
import { loadSettings } from '../../src/server/settings.ts';

export interface StoreInstance {
  /** Environment for the server process (SQLITE_PATH or DATABASE_URL). */
  env: Record<string, string>;
  /** Opens the same store from the harness. Close it when done. */
  open(): Promise<LeadStore>;
  dispose(): Promise<void>;
}

export interface StoreTarget {
  name: 'SQLite' | 'PostgreSQL';
  fresh(): Promise<StoreInstance>;
  close(): Promise<void>;
}

export function sqliteTarget(): StoreTarget {
  const dirs: string[] = [];
  return {
    name: 'SQLite',
    async fresh() {
      const dir = mkdtempSync(path.join(tmpdir(), 'humanwise-reliability-'));
      dirs.push(dir);
      const env = { SQLITE_PATH: path.join(dir, 'leads.sqlite') };
      return {
        env,
        open: () => openLeadStore(loadSettings(env)),
        dispose: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
    async close() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresTarget(connectionString: string): Promise<StoreTarget> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  const schemas: string[] = [];
  return {
    name: 'PostgreSQL',
    async fresh() {
      const schema = `reliability_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      schemas.push(schema);
      const url = new URL(connectionString);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const env = { DATABASE_URL: url.toString() };
      return {
        env,
        open: () => openLeadStore(loadSettings(env)),
        dispose: async () => {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        },
      };
    },
    async close() {
      for (const schema of schemas.splice(0))
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.end();
    },
  };
}

/** Opens the store, runs `read`, closes it again. */
export async function withStore<T>(instance: StoreInstance, read: (store: LeadStore) => Promise<T>): Promise<T> {
  const store = await instance.open();
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}
