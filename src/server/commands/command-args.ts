/**
 * Options of the command-line tools: the operator commands (src/server/commands) and the benches
 * (bench/). Apart from command-line.ts so that a bench reads its options without the lead store.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * The command's options (strict: no positionals, no unknown options), or the exit code once it has
 * printed its usage: 0 for --help (the options should declare it), 2 for arguments it cannot parse.
 */
export function commandArgs<const O extends ParseArgsOptionsConfig>(
  options: O,
  usage: string,
): ReturnType<typeof parseArgs<{ options: O; allowPositionals: false }>>['values'] | number {
  let values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: false }>>['values'];
  try {
    values = parseArgs({ options, allowPositionals: false }).values;
  } catch (error) {
    return refuseArgs((error as Error).message, usage);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return values;
}

/**
 * Says why the arguments cannot be used, and the usage, as `commandArgs` does for those it cannot
 * parse (a value out of range, say); returns the exit code, 2.
 */
export function refuseArgs(message: string, usage: string): number {
  process.stderr.write(`${message}\n\n${usage}\n`);
  return 2;
}
