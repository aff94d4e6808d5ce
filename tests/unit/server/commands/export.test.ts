import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from '../leads/csv-parse.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { frustrationOptions, goalOptions } from '../../../../src/lib/waitlist/schema.ts';
import { parseSinceDate } from '../../../../src/server/commands/command-line.ts';
import { CSV_COLUMNS, leadsToCsv } from '../../../../src/server/leads/csv.ts';
import pg from 'pg';
import { openLeadStore, openSqliteLeadStore, type StoredLead } from '../../../../src/server/leads/store.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { lead } from '../leads/store-contract.ts';
import { EXPORT_CLI_TEST_TIMEOUT_MS, runExportCli } from '../../../support/export-cli.ts';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-export-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const twoLeads: StoredLead[] = [
  {
    id: '7f0c2a8e-4b1d-4c3e-9a5f-1e2d3c4b5a69',
    createdAt: '2025-03-04T09:15:00.000Z',
    sourceProgram: 'ripple-effect',
    name: 'Dana "DJ" Whitfield',
    email: 'dana@example.com',
    companyName: 'Northwind, Regional Health',
    role: 'Innovation Leader',
    goal: [goalOptions[0], goalOptions[4]],
    frustrations: [frustrationOptions[2]],
    investment: '$10,000–$25,000',
    additionalInfo: 'Two lines:\nfirst, then second',
    earlyAccess: true,
  },
  {
    id: '0b9d8c7e-6f5a-4e3d-8c2b-1a0f9e8d7c6b',
    createdAt: '2025-03-05T16:40:12.345Z',
    sourceProgram: null,
    name: '=HYPERLINK("http://example.net")',
    email: 'sam@example.org',
    companyName: 'Harbor & Pine',
    role: 'Other',
    roleOther: 'Chief of staff',
    goal: [goalOptions[5]],
    frustrations: [frustrationOptions[0], frustrationOptions[7]],
    investment: 'Under $2,500',
    earlyAccess: false,
  },
];

describe('leadsToCsv', () => {
  it('writes a readable header row and one row per lead', () => {
    const csv = leadsToCsv(twoLeads);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Lead ID,Submitted (UTC),Source program,Full name,Work email,Company name,Role,Role (other),Goals,Frustrations,Investment,Additional information,Early access',
    );
    const rows = parse(csv) as string[][];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
  });

  it('quotes commas, quotes and line breaks, and joins lists with "; "', () => {
    const csv = leadsToCsv(twoLeads);
    expect(csv).toContain('"Dana ""DJ"" Whitfield"');
    expect(csv).toContain('"Northwind, Regional Health"');
    expect(csv).toContain('"Two lines:\nfirst, then second"');
    const [, first, second] = parse(csv) as string[][];
    expect(first).toEqual([
      twoLeads[0]?.id,
      '2025-03-04T09:15:00.000Z',
      'ripple-effect',
      'Dana "DJ" Whitfield',
      'dana@example.com',
      'Northwind, Regional Health',
      'Innovation Leader',
      '',
      `${goalOptions[0]}; ${goalOptions[4]}`,
      frustrationOptions[2],
      '$10,000–$25,000',
      'Two lines:\nfirst, then second',
      'Yes',
    ]);
    expect(second?.[2]).toBe('');
    expect(second?.[7]).toBe('Chief of staff');
    expect(second?.[9]).toBe(`${frustrationOptions[0]}; ${frustrationOptions[7]}`);
    expect(second?.[11]).toBe('');
    expect(second?.[12]).toBe('No');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const [, , second] = parse(leadsToCsv(twoLeads)) as string[][];
    expect(second?.[3]).toBe('\'=HYPERLINK("http://example.net")');
  });

  it('writes just the header for no leads', () => {
    expect(parse(leadsToCsv([]))).toEqual([[...CSV_COLUMNS]]);
  });
});

describe('parseSinceDate', () => {
  it('reads YYYY-MM-DD as midnight UTC', () => {
    expect(parseSinceDate('2025-03-05').toISOString()).toBe('2025-03-05T00:00:00.000Z');
  });
  it.each([['2025-3-5'], ['2025-02-30'], ['yesterday'], ['2025-03-05T10:00']])('refuses %s', (value) => {
    expect(() => parseSinceDate(value)).toThrow(/YYYY-MM-DD/);
  });
});

describe('npm run leads:export (commands/export.ts)', { timeout: EXPORT_CLI_TEST_TIMEOUT_MS }, () => {
  async function filledStore(): Promise<string> {
    const file = path.join(tempDir(), 'leads.sqlite');
    const store = openSqliteLeadStore(file);
    await store.save(lead({ name: 'Avery Lin', email: 'avery@example.com' }), randomUUID());
    await store.save(
      lead({ name: 'Jordan Blake, Jr.', email: 'jordan@example.com', sourceProgram: null }),
      randomUUID(),
    );
    await store.close();
    return file;
  }

  it('writes every lead to --out and keeps personal data off stdout and stderr', async () => {
    const file = await filledStore();
    const out = path.join(tempDir(), 'export.csv');
    const result = await runExportCli(['--out', out], { SQLITE_PATH: file });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Exported 2 lead\(s\) from the sqlite store/);
    expect(result.stderr).not.toMatch(/Avery|avery@/);
    const rows = parse(readFileSync(out, 'utf8')) as string[][];
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Avery Lin', 'Jordan Blake, Jr.']);
    expect(rows[1]?.[2]).toBe('ripple-effect');
    expect(statSync(out).mode & 0o077).toBe(0);
  });

  it('replaces an existing 0644 file with a new 0600 one, renamed into place', async () => {
    const file = await filledStore();
    const dir = tempDir();
    const out = path.join(dir, 'export.csv');
    writeFileSync(out, 'an older export\n');
    chmodSync(out, 0o644);
    const before = statSync(out).ino;
    const result = await runExportCli(['--out', out], { SQLITE_PATH: file });
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(statSync(out).ino).not.toBe(before);
    expect(readFileSync(out, 'utf8')).toContain('Avery Lin');
    expect(readdirSync(dir)).toEqual(['export.csv']);
  });

  it('never writes through a symbolic link at --out', async () => {
    const file = await filledStore();
    const dir = tempDir();
    const elsewhere = path.join(dir, 'someone-elses.txt');
    writeFileSync(elsewhere, 'not yours\n');
    chmodSync(elsewhere, 0o644);
    const out = path.join(dir, 'export.csv');
    symlinkSync(elsewhere, out);
    const result = await runExportCli(['--out', out], { SQLITE_PATH: file });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is a symbolic link; refusing to write through it/);
    expect(readFileSync(elsewhere, 'utf8')).toBe('not yours\n');
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['export.csv', 'someone-elses.txt']);
  });

  it('writes to stdout without --out', async () => {
    const file = await filledStore();
    const result = await runExportCli([], { SQLITE_PATH: file });
    expect(result.code, result.stderr).toBe(0);
    const rows = parse(result.stdout) as string[][];
    expect(rows).toHaveLength(3);
  });

  it('filters with --since', async () => {
    const file = await filledStore();
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const past = '2000-01-01';
    // Side by side: each run starts a Node process, which on a loaded CI machine took over 10 s,
    // and two in a row outran the test's 20 s.
    const [later, earlier] = await Promise.all([
      runExportCli(['--since', future], { SQLITE_PATH: file }),
      runExportCli(['--since', past], { SQLITE_PATH: file }),
    ]);
    expect(later.code, later.stderr).toBe(0);
    expect(earlier.code, earlier.stderr).toBe(0);
    expect((parse(later.stdout) as string[][]).length).toBe(1);
    expect((parse(earlier.stdout) as string[][]).length).toBe(3);
  });

  it('refuses a bad --since or an unknown option with a usage message', async () => {
    const file = await filledStore();
    const [bad, unknown] = await Promise.all([
      runExportCli(['--since', '03/05/2025'], { SQLITE_PATH: file }),
      runExportCli(['--format', 'xml'], { SQLITE_PATH: file }),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/YYYY-MM-DD/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Usage/);
  });

  it('uses ./data/leads.sqlite in the working directory by default', async () => {
    const cwd = tempDir();
    const result = await runExportCli([], {}, cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(parse(result.stdout)).toEqual([[...CSV_COLUMNS]]);
    expect(existsSync(path.join(cwd, 'data', 'leads.sqlite'))).toBe(true);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)(
  'npm run leads:export with PostgreSQL (TEST_DATABASE_URL)',
  { timeout: EXPORT_CLI_TEST_TIMEOUT_MS },
  () => {
    it('exports from the store DATABASE_URL points at', async () => {
      const schema = `leads_export_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA ${schema}`);
        const url = new URL(pgUrl ?? '');
        url.searchParams.set('options', `-c search_path=${schema}`);
        const store = await openLeadStore(loadSettings({ DATABASE_URL: url.toString() }));
        await store.save(lead({ name: 'Morgan Ellis' }), randomUUID());
        await store.close();
        const result = await runExportCli([], {
          DATABASE_URL: url.toString(),
          SQLITE_PATH: path.join(tempDir(), 'unused.sqlite'),
        });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toMatch(/from the postgres store/);
        const rows = parse(result.stdout);
        expect(rows.map((r) => r[3])).toEqual(['Full name', 'Morgan Ellis']);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    });
  },
);
