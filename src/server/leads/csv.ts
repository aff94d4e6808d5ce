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

// Spreadsheet programs run a cell that starts with one of these as a formula. A visitor could type
// one on purpose; a leading apostrophe makes the spreadsheet show the text instead of running it.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
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
  ].map(cell);
}

/** All leads as CSV (RFC 4180 quoting, CRLF line ends), with a header row; lists joined with "; ". */
export function leadsToCsv(leads: readonly StoredLead[]): string {
  return stringify([[...CSV_COLUMNS], ...leads.map(row)], { record_delimiter: 'windows' });
}

/** Parses a YYYY-MM-DD day as midnight UTC; throws on anything else (including 2025-02-30). */
export function parseSinceDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00.000Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new Error(`--since must be a date written YYYY-MM-DD, got "${value}"`);
  }
  return date;
}
