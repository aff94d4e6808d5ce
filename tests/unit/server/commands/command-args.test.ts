import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandArgs, refuseArgs } from '../../../../src/server/commands/command-args.ts';

const USAGE = 'npm run tool -- [--runs N] [--help]';
const OPTIONS = { runs: { type: 'string', default: '3' }, help: { type: 'boolean', default: false } } as const;

/** The options as a command run with `args` reads them, and what it printed. */
function run(...args: string[]) {
  const argv = process.argv;
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  process.argv = ['node', 'tool.ts', ...args];
  try {
    const result = commandArgs(OPTIONS, USAGE);
    return { result, stdout: out.mock.calls.join(''), stderr: err.mock.calls.join('') };
  } finally {
    process.argv = argv;
  }
}

describe('commandArgs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the options, with their defaults', () => {
    expect(run('--runs', '5').result).toEqual({ runs: '5', help: false });
    expect(run().result).toEqual({ runs: '3', help: false });
  });

  it('prints the usage for --help and gives exit code 0', () => {
    expect(run('--help')).toEqual({ result: 0, stdout: `${USAGE}\n`, stderr: '' });
  });

  it('names an option it cannot read, prints the usage and gives exit code 2, with no stack', () => {
    for (const args of [['--nope'], ['stray'], ['--runs']]) {
      const { result, stdout, stderr } = run(...args);
      expect(result).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(USAGE);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(run('--nope').stderr).toMatch(/^Unknown option '--nope'/);
  });

  it('refuses options it read but cannot use the same way: the reason, the usage, exit code 2', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(refuseArgs('--runs must be 1 or more, got "0"', USAGE)).toBe(2);
    expect(err.mock.calls.join('')).toBe(`--runs must be 1 or more, got "0"\n\n${USAGE}\n`);
  });
});
