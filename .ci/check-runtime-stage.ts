/**
 * Proves the Dockerfile's runtime stage without Docker (this machine cannot pull base images):
 * copies exactly what that stage copies into an empty directory (the build output from the
 * build `npm test` made, standing in for the build stage's), runs its `npm ci --omit=dev`
 * there, starts its CMD with Node 24 (this repository's pinned node binary: the runtime has no
 * devDependencies, so none of them may be needed), checks /healthz and a page, runs the
 * HEALTHCHECK command, sends SIGTERM and expects exit 0.
 *
 * It starts the stage as compose runs it (`read_only: true`, a tmpfs /tmp, the /data volume): the
 * store and TMPDIR are directories outside the copy, the copy is made read-only where that binds
 * (not for root, whom permissions do not stop), and every file of it is compared before and after
 * the run, so a write anywhere but the data volume and /tmp fails the check.
 *
 * The stage is read from the Dockerfile itself, so the check follows it when it changes.
 *
 *   npx node .ci/check-runtime-stage.ts              everything, in a fresh temporary directory
 *   npx node .ci/check-runtime-stage.ts prepare DIR  only what needs no build: the stage's own
 *                                                    files and its npm install (CI runs this in
 *                                                    the background while the tests run)
 *   npx node .ci/check-runtime-stage.ts run DIR      the build output, then start and check; DIR
 *                                                    is removed afterwards
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const started = Date.now();

interface Instruction {
  op: string;
  args: string;
}

/** The instructions of one stage, continuation lines joined, comments dropped. */
function stage(dockerfile: string, name: string): { instructions: Instruction[]; workdir: string } | undefined {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n');
  const stages: { name: string; instructions: Instruction[]; workdir: string }[] = [];
  for (const line of lines) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    const [, op = '', args = ''] = match;
    if (op === 'FROM') {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '', instructions: [], workdir: '/' });
      continue;
    }
    const current = stages.at(-1);
    if (!current) continue;
    if (op === 'WORKDIR') current.workdir = args.trim();
    current.instructions.push({ op, args: args.trim() });
  }
  return stages.find((s) => s.name === name);
}

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const build = stage(dockerfile, 'build');
const runtime = stage(dockerfile, 'runtime');
if (!build || !runtime) throw new Error('Dockerfile: expected a "build" and a "runtime" stage');

const [mode = 'all', given] = process.argv.slice(2);
if (!['all', 'prepare', 'run'].includes(mode) || (mode !== 'all' && !given)) {
  console.error('Usage: check-runtime-stage.ts [prepare DIR | run DIR]');
  process.exit(2);
}
const preparing = mode !== 'run';
const running = mode !== 'prepare';

const distStamp = path.join(root, 'dist', 'build-stamp.json');
if (running && !existsSync(distStamp)) {
  console.error('No build in dist/ (run "npm run build" first; .ci/run runs this after npm test, which builds).');
  process.exit(1);
}

/** Every file and directory under `root`, with what a write would change (size, mtime, mode). */
function snapshot(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      const stat = lstatSync(file);
      entries.set(path.relative(root, file), `${stat.size}:${stat.mtimeMs}:${stat.mode}`);
      if (stat.isDirectory()) walk(file);
    }
  };
  walk(root);
  return entries;
}

/** What differs between two snapshots: added, removed and changed paths. */
function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, state] of after) if (before.get(file) !== state) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}

const dir = given ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'humanwise-runtime-stage-'));
// The data volume and the tmpfs, outside the image's files.
const volumes = running ? mkdtempSync(path.join(tmpdir(), 'humanwise-runtime-volumes-')) : '';
let readOnly = false;
mkdirSync(dir, { recursive: true });
const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir };
let healthcheck: string[] | undefined;
let cmd: string[] | undefined;

try {
  for (const { op, args } of runtime.instructions) {
    if (op === 'COPY') {
      const parts = args.split(/\s+/);
      const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
      // The stage's own files come before the build exists; the build stage's output after.
      if (from ? !running : !preparing) continue;
      const paths = parts.filter((part) => !part.startsWith('--'));
      const dest = paths.pop() ?? '.';
      for (const source of paths) {
        // From the build stage: its WORKDIR stands for this repository (after npm test's build).
        const relative = from ? path.posix.relative(build.workdir, source) : source;
        const into = dest.endsWith('/') || dest === '.' || paths.length > 1;
        const target = into ? path.join(dir, dest, path.basename(relative)) : path.join(dir, dest);
        cpSync(path.join(root, relative), target, { recursive: true });
      }
      console.log(`COPY ${args}`);
    } else if (op === 'ENV') {
      for (const [, name = '', value = ''] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
        env[name] = value.replace(/^"|"$/g, '').replace(/\$(\w+)/g, (_, ref: string) => env[ref] ?? '');
      }
    } else if (op === 'RUN') {
      // Only the npm install (`npm ci`): the rest (cache clean, /data ownership) concerns the image,
      // not the files, and cleaning the npm cache would slow everyone sharing this machine.
      const install = args.split('&&').find((part) => /^npm (ci|install)\b/.test(part.trim()));
      if (!install || !preparing) continue;
      console.log(`RUN ${install.trim()}`);
      execFileSync('sh', ['-c', install.trim()], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    } else if (op === 'HEALTHCHECK') {
      healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim()) as string[];
    } else if (op === 'CMD') {
      cmd = JSON.parse(args) as string[];
    }
  }
  if (!running) {
    console.log(`Runtime stage prepared in ${dir} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    process.exit(0);
  }
  if (cmd?.[0] !== 'node') throw new Error('Dockerfile: the runtime CMD must run node directly (an exec-form array)');
  if (healthcheck?.[0] !== 'node') throw new Error('Dockerfile: the HEALTHCHECK must use node');
  if (existsSync(path.join(dir, 'node_modules', 'node'))) {
    throw new Error('The production install brought the "node" devDependency');
  }

  // Loopback only, a free port; the store on the "data volume", temporary files on the "tmpfs".
  const port = await freePort();
  const dataVolume = path.join(volumes, 'data');
  if (!volumes) throw new Error('no volumes directory');
  const tmpfs = path.join(volumes, 'tmp');
  mkdirSync(tmpfs);
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    SQLITE_PATH: path.join(dataVolume, 'leads.sqlite'),
    TMPDIR: tmpfs,
  });
  // A read-only root, as compose runs it: binding for any user but root, and proven for all by
  // comparing every file before and after.
  if (process.getuid?.() !== 0) {
    execFileSync('chmod', ['-R', 'a-w', dir]);
    readOnly = true;
  }
  const before = snapshot(dir);
  const server = spawn(process.execPath, cmd.slice(1), { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await fetch(`${base}/healthz`).catch(() => undefined);
    if (health?.ok) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The runtime stage did not become healthy:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const home = await fetch(`${base}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes('Humanwise')) throw new Error(`GET / answered ${home.status}`);
  console.log(`healthy on ${base}: /healthz 200, / 200`);

  execFileSync(process.execPath, healthcheck.slice(1), { env, stdio: 'inherit' });
  console.log('HEALTHCHECK command: exit 0');

  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`After SIGTERM the server exited with ${code}:\n${stderr}`);
  console.log('SIGTERM: exit 0.');

  const written = differences(before, snapshot(dir));
  if (written.length > 0) {
    throw new Error(`The server wrote outside its data volume and /tmp:\n  ${written.slice(0, 20).join('\n  ')}`);
  }
  if (!existsSync(path.join(dataVolume, 'leads.sqlite'))) throw new Error('The store was not on the data volume');
  console.log(
    `Read-only root${readOnly ? ' (enforced)' : ''}: nothing written outside the data volume and /tmp. ` +
      `Runtime stage proven in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  if (readOnly) execFileSync('chmod', ['-R', 'u+w', dir]);
  rmSync(dir, { recursive: true, force: true });
  if (volumes) rmSync(volumes, { recursive: true, force: true });
}
