/**
 * A deleted lead must be gone from the SQLite store's files, not only from its queries: the privacy
 * policy promises that deletion (on request, and by retention) removes a submission, and that a
 * deleted one leaves the backups within 30 days. So must the answers a correction replaced, or
 * the inaccurate details would outlive it there. Backups copy the store's pages, free ones
 * included, so whatever a deletion leaves readable in the file (free pages, the write-ahead log)
 * would be copied into every later backup. The store is opened as the server opens it (a worker
 * thread), and the deletion made from a second connection, as `npm run leads:delete` makes it
 * while the server runs.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../../../src/server/leads/store.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { lead, testClock } from './store-contract.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-erasure-'));
  dirs.push(dir);
  return path.join(path.join(dir, 'store'), 'leads.sqlite');
}

/** The files of the store's folder (the database, its -wal and -shm) in which `marker` can be read. */
function filesHolding(file: string, marker: string): string[] {
  const dir = path.dirname(file);
  return readdirSync(dir).filter((name) => readFileSync(path.join(dir, name)).includes(marker));
}

const erased = (name: string) => ({
  name,
  email: `${name}@erasure.example`,
  companyName: `${name} Company`,
  roleOther: `${name} role`,
  additionalInfo: `${name} notes `.repeat(120),
});

describe('a deleted lead leaves nothing readable in the SQLite files', { timeout: 30_000 }, () => {
  it('when deleted by address, while the server holds the store open', async () => {
    const file = storeFile();
    const server = await openLeadStore(loadSettings({ SQLITE_PATH: file }), { channels: ['webhook'] });
    try {
      await server.save(lead({ ...erased('Zephyrine'), role: 'Other' }), randomUUID());
      await server.save(lead({ name: 'Kept Person', email: 'kept@erasure.example' }), randomUUID());
      expect(filesHolding(file, 'Zephyrine').length).toBeGreaterThan(0);

      const command = await openLeadStore(loadSettings({ SQLITE_PATH: file }));
      try {
        expect(await command.deleteByEmail('ZEPHYRINE@erasure.example')).toEqual({ leads: 1, deliveries: 1 });
      } finally {
        await command.close();
      }
      expect(filesHolding(file, 'Zephyrine')).toEqual([]);
      expect(filesHolding(file, 'zephyrine@erasure.example')).toEqual([]);
      expect((await server.list()).map((l) => l.email)).toEqual(['kept@erasure.example']);
    } finally {
      await server.close();
    }
    expect(filesHolding(file, 'Zephyrine')).toEqual([]);
    expect(filesHolding(file, 'Kept Person')).toHaveLength(1);
  });

  it('when corrected, while the server holds the store open', async () => {
    const file = storeFile();
    const server = await openLeadStore(loadSettings({ SQLITE_PATH: file }), { channels: ['webhook'] });
    try {
      const { sourceProgram: _program, ...answers } = lead({ ...erased('Wrongbert'), role: 'Other' });
      const { id } = await server.save(lead(answers), randomUUID());
      expect(filesHolding(file, 'Wrongbert').length).toBeGreaterThan(0);

      const command = await openLeadStore(loadSettings({ SQLITE_PATH: file }));
      try {
        const right = erased('Rightbert');
        expect(await command.correct(id, { ...answers, ...right })).toMatchObject({ id, name: 'Rightbert' });
      } finally {
        await command.close();
      }
      // The inaccurate answers are gone from the file and its log, not only from queries.
      expect(filesHolding(file, 'Wrongbert')).toEqual([]);
      expect((await server.get(id))?.email).toBe('Rightbert@erasure.example');
    } finally {
      await server.close();
    }
    expect(filesHolding(file, 'Wrongbert')).toEqual([]);
    expect(filesHolding(file, 'Rightbert')).toHaveLength(1);
  });

  it('when purged by retention', async () => {
    const file = storeFile();
    const clock = testClock('2023-01-01T00:00:00.000Z');
    const store = await openLeadStore(loadSettings({ SQLITE_PATH: file }), { now: clock.now });
    try {
      await store.save(lead(erased('Quillonia')), randomUUID());
      clock.set('2026-01-01T00:00:00.000Z');
      await store.save(lead({ name: 'Recent Person', email: 'recent@erasure.example' }), randomUUID());
      expect(filesHolding(file, 'Quillonia').length).toBeGreaterThan(0);
      expect(await store.purge(new Date('2025-01-01T00:00:00.000Z'))).toEqual({ leads: 1, deliveries: 0 });
      expect(filesHolding(file, 'Quillonia')).toEqual([]);
    } finally {
      await store.close();
    }
    expect(filesHolding(file, 'Quillonia')).toEqual([]);
    expect(filesHolding(file, 'Recent Person')).toHaveLength(1);
  });
});
