import { execFile } from 'node:child_process';

export interface ScriptResult {
  /** The exit code; 1 when the process was killed (its `timeout`) or could not run (`ENOENT`, output over `maxBuffer`). */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a Node script as an operator runs a command: a process of its own on the test's Node, with
 * exactly `env` (build it with `childEnv`). Resolves with its exit code and output, whatever the code.
 */
export function runScript(
  script: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; timeout?: number; maxBuffer?: number },
): Promise<ScriptResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], options, (error, stdout, stderr) =>
      // A process that exited has a numeric code; one that never ran, or was cut off, a string or none.
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
