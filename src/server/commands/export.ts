/**
 * `npm run leads:export -- [--out FILE] [--since YYYY-MM-DD] [--raw]`
 *
 * Writes every stored lead (or those submitted on or after --since, UTC) as CSV to stdout or to
 * FILE, from whichever store the environment configures (DATABASE_URL, else SQLITE_PATH).
 * Personal data goes only to that output; messages on stderr carry counts and errors, never values.
 */
import { RefusedTarget, writePrivateFile } from '../leads/private-file.ts';
import { leadsToCsv } from '../leads/csv.ts';
import { loadSettings, settingsOrExit } from '../settings.ts';
import { commandArgs } from './command-args.ts';
import { openCommandStore, parseSinceDate, runCommand, write } from './command-line.ts';

const USAGE = `Usage: npm run leads:export -- [--out FILE] [--since YYYY-MM-DD] [--raw]

  --out FILE           write the CSV to FILE instead of standard output: written as a
                       new file readable by its owner only, then renamed over FILE (an
                       existing FILE is replaced); a symbolic link is refused
  --since YYYY-MM-DD   only leads submitted on or after that day (UTC)
  --raw                values exactly as stored, for programs: without it, an apostrophe
                       is put before any text a spreadsheet could run as a formula
                       (= + - @ at the start of a cell or after , ; or a tab), so
                       "+44 Ventures" reads "'+44 Ventures". Never open a raw export in
                       a spreadsheet.
  --help               show this help

The store is PostgreSQL when DATABASE_URL is set, otherwise the SQLite file at SQLITE_PATH
(default ./data/leads.sqlite).`;

async function main(): Promise<number> {
  const args = commandArgs(
    {
      out: { type: 'string' },
      since: { type: 'string' },
      raw: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (typeof args === 'number') return args;
  let since: Date | undefined;
  try {
    since = args.since === undefined ? undefined : parseSinceDate(args.since);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }

  const store = await openCommandStore(settingsOrExit(loadSettings));
  try {
    const leads = await store.list(since ? { since } : {});
    const csv = leadsToCsv(leads, { raw: args.raw === true });
    if (args.out) {
      try {
        // A new 0600 file beside the target, renamed into place: an existing file's wider mode
        // is not kept, and a symbolic link at --out is refused, never written through.
        await writePrivateFile(args.out, csv, { overwrite: true });
      } catch (error) {
        if (!(error instanceof RefusedTarget)) throw error;
        process.stderr.write(`${error.message}\n`);
        return 2;
      }
      process.stderr.write(`Exported ${leads.length} lead(s) from the ${store.kind} store to ${args.out}\n`);
    } else {
      await write(csv);
      process.stderr.write(`Exported ${leads.length} lead(s) from the ${store.kind} store\n`);
    }
  } finally {
    await store.close();
  }
  return 0;
}

await runCommand('Export', main);
