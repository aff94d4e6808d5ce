import { fileURLToPath } from 'node:url';
import { runScript, type ScriptResult } from './run-script.ts';

const CLI = fileURLToPath(new URL('../../src/server/commands/export.ts', import.meta.url));

/**
 * Each run of the command is a Node process of its own. On a quiet machine one takes about 1.5 s;
 * in CI, beside the browser tests at a load average of 12, one took over 15 s and was killed at
 * that bound, so a test read an empty export. The bound is only there to end a command that hangs;
 * a test running the command gives itself EXPORT_CLI_TEST_TIMEOUT_MS (two runs' worth).
 */
export const EXPORT_CLI_TIMEOUT_MS = 45_000;
export const EXPORT_CLI_TEST_TIMEOUT_MS = 2 * EXPORT_CLI_TIMEOUT_MS;

/**
 * Runs `npm run leads:export` (src/server/commands/export.ts) with `args`, the test's environment
 * without its store settings, plus `env`; its exit code (1 for a kill) and output.
 */
export function runExportCli(args: string[], env: Record<string, string>, cwd?: string): Promise<ScriptResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'SQLITE_PATH'),
  );
  return runScript(CLI, args, { env: { ...base, ...env }, cwd: cwd ?? process.cwd(), timeout: EXPORT_CLI_TIMEOUT_MS });
}
