import { stringify } from 'csv-stringify/sync';
import type { StoredLead } from './types.ts';

/** Readable column names, in order, for the export. */
export const CSV_COLUMNS = [
  'Lead ID',
  'Submitted (UTC)',
  'Source program',
  'Full name',
  'Work email',
  'Company name',
  'Role',
  'Role (other)',
  'Goals',
  'Frustrations',
  'Investment',
  'Additional information',
  'Early access',
] as const;

/**
 * Formula injection. A spreadsheet runs a cell that begins with = + - @ (or their full-width forms,
 * which some locales read the same way) as a formula, and a visitor can type one on purpose
 * (`=HYPERLINK(...)`). Which characters split a line into cells depends on the program and the
 * locale: the comma here, the semicolon where the comma is the decimal mark, the tab in
 * tab-separated imports. So every place a cell could begin is checked: the value's start and the
 * start of each part after a `,` `;` tab or line break (leading spaces skipped, as imports trim
 * them). An apostrophe goes in front of the character, which makes every spreadsheet show the text
 * instead of running it. This is stronger than csv-stringify's `escape_formulas`, which looks at
 * the value's first character only (kept on as well). It changes some legitimate values
 * (`+44 Ventures` becomes `'+44 Ventures`): `--raw` exports them untouched, for programs.
 */
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])([ \u00a0]*)(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g;

export function neutraliseFormulas(value: string): string {
  return value.replace(FORMULA_AT_CELL_START, "$1$2'");
}

export interface CsvOptions {
  /** Values exactly as stored, for programs rather than spreadsheets (never open it in one). */
  raw?: boolean;
}

function row(lead: StoredLead): string[] {
  return [
    lead.id,
    lead.createdAt,
    lead.sourceProgram ?? '',
    lead.name,
    lead.email,
    lead.companyName,
    lead.role,
    lead.roleOther ?? '',
    lead.goal.join('; '),
    lead.frustrations.join('; '),
    lead.investment,
    lead.additionalInfo ?? '',
    lead.earlyAccess === undefined ? '' : lead.earlyAccess ? 'Yes' : 'No',
  ];
}

/**
 * All leads as CSV (RFC 4180 quoting, CRLF line ends), with a header row; lists joined with "; ".
 * Safe to open in any spreadsheet in any locale unless `raw` is set. A value holding another
 * locale's separator (`;` or a tab) is quoted too, so a spreadsheet that splits on it and honours
 * quotes keeps it in one cell.
 */
export function leadsToCsv(leads: readonly StoredLead[], options: CsvOptions = {}): string {
  const rows = leads.map(row);
  // csv-stringify leaves a value that begins with a lone \r unquoted; every line break is quoted here.
  const quoting = { record_delimiter: 'windows', quoted_match: /[;\t\r\n]/ } as const;
  if (options.raw) return stringify([[...CSV_COLUMNS], ...rows], quoting);
  return stringify([[...CSV_COLUMNS], ...rows.map((cells) => cells.map(neutraliseFormulas))], {
    ...quoting,
    escape_formulas: true,
  });
}
