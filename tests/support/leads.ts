import { DatabaseSync } from 'node:sqlite';

/** Reads what the production server under test stored (its SQLite file), the way an operator would. */
export function storedLeads(email: string): { source_program: string | null; name: string; goal: string }[] {
  const path = process.env.E2E_SQLITE_PATH;
  if (!path) throw new Error('E2E_SQLITE_PATH is not set (see playwright.config.ts)');
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare('SELECT source_program, name, goal FROM leads WHERE email = ?').all(email) as never;
  } finally {
    db.close();
  }
}

let counter = 0;
/** A unique address per test run, so tests never see each other's leads. */
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.com`;
}
