import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNeeded, makeStamp, sourceHash, writeStamp } from '../../../src/build/stamp.ts';
import { differingBuildSettings, mismatchMessage, readStamp } from '../../../src/config/build-stamp.ts';
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from '../../../src/server/node-version.mjs';
import { loadBuildSettings } from '../../../src/server/settings.ts';
import { childEnv } from '../../support/child-env.ts';
import { testTempDir } from '../../support/temp-dir.ts';

const run = (node: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(node, args, { env: childEnv(env), timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('the Node version the server needs', () => {
  it('refuses an older Node in one line that says what is needed', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'This site needs Node.js 24 or later, and this is Node.js 20.20.2: install Node 24 (see .nvmrc), run it through npm scripts after "npm install" (which installs it), or use the container image.',
    );
    expect(nodeVersionProblem('22.18.0')).toMatch(/needs Node\.js 24/);
    expect(nodeVersionProblem('24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('26.1.0')).toBeUndefined();
  });

  it('is what engines, .nvmrc, the pinned node package and the Dockerfile say', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe(String(REQUIRED_NODE_MAJOR));
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${REQUIRED_NODE_MAJOR}\\.`));
    expect(process.versions.node.split('.')[0]).toBe(String(REQUIRED_NODE_MAJOR));
    const images = [...readFileSync('Dockerfile', 'utf8').matchAll(/^FROM (\S+)/gm)].map(
      (match) => match[1]?.split('@')[0],
    );
    expect(images).toEqual([`node:${REQUIRED_NODE_MAJOR}-slim`, `node:${REQUIRED_NODE_MAJOR}-slim`]);
  });

  // The system Node of this machine is older; where it is, the real launcher must stop on it.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => existsSync(file));
  it.skipIf(!oldNode)('the launcher stops an older Node with that line, before any TypeScript loads', async () => {
    const version = (await run(oldNode ?? '', ['--version'])).stdout.trim().replace(/^v/, '');
    if (Number(version.split('.')[0]) >= REQUIRED_NODE_MAJOR) return;
    const result = await run(oldNode ?? '', ['src/server/launch.mjs']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(nodeVersionProblem(version));
  });
});

describe('npm start with a bad setting', () => {
  it('stops on a server setting before it decides to build, in one line', async () => {
    // Nothing on stdout: neither "Building first" (minutes, for a server that cannot start) nor
    // "The build is up to date" before the error.
    const result = await run(process.execPath, ['src/server/launch.mjs', '--build-if-needed'], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Setting error: PORT must be a whole number (got "eighty")');
    expect(result.stdout).toBe('');
  });
});

describe('the build stamp', () => {
  const settings = loadBuildSettings({});

  function project(): string {
    const root = testTempDir('humanwise-stamp-');
    mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Hello</h1>');
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    return root;
  }

  function built(root: string): void {
    mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'server', 'entry.mjs'), '');
    writeStamp(path.join(root, 'dist'), makeStamp(root, settings));
  }

  it('start builds when there is no build, and not again while nothing changed', () => {
    const root = project();
    expect(buildNeeded(root, settings)).toBe('no build yet');
    built(root);
    expect(buildNeeded(root, settings)).toBeUndefined();
  });

  it('start rebuilds when a source, the lockfile or a build-time setting changed', () => {
    const root = project();
    built(root);
    writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Hello again</h1>');
    expect(buildNeeded(root, settings)).toBe('the sources or the build-time settings changed');

    const other = project();
    built(other);
    writeFileSync(path.join(other, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(buildNeeded(other, settings)).toBe('the sources or the build-time settings changed');

    const third = project();
    built(third);
    const moved = loadBuildSettings({ PUBLIC_CONTACT_EMAIL: 'hello@humanwise.co' });
    expect(buildNeeded(third, moved)).toBe('the sources or the build-time settings changed');
    expect(sourceHash(third, moved)).not.toBe(sourceHash(third, settings));
  });

  it('names the build-time settings a build was made with other values of', () => {
    const root = project();
    built(root);
    const stamp = readStamp(path.join(root, 'dist'));
    if (!stamp) throw new Error('no stamp written');
    expect(differingBuildSettings(stamp, settings)).toEqual([]);
    const serving = loadBuildSettings({ SITE_URL: 'https://www.humanwise.co', PUBLIC_CONTACT_EMAIL: 'a@humanwise.co' });
    expect(differingBuildSettings(stamp, serving)).toEqual(['SITE_URL', 'PUBLIC_CONTACT_EMAIL']);
    expect(mismatchMessage(['SITE_URL'])).toMatch(/^This build was made with other build-time settings \(SITE_URL\)/);
  });

  // Needs the project's build (npm test builds first); the stamp check itself is proven above.
  const stampFile = path.join('dist', 'build-stamp.json');
  it.skipIf(!existsSync(stampFile))(
    'serve refuses the real build with another contact address, in one line',
    async () => {
      const recorded = JSON.parse(readFileSync(stampFile, 'utf8')) as { settings: Record<string, string> };
      const other =
        recorded.settings.PUBLIC_CONTACT_EMAIL === 'team@humanwise.co' ? 'ops@humanwise.co' : 'team@humanwise.co';
      const result = await run(process.execPath, ['src/server/launch.mjs'], {
        ...recorded.settings,
        PUBLIC_CONTACT_EMAIL: other,
        PORT: '1',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(mismatchMessage(['PUBLIC_CONTACT_EMAIL']));
    },
  );
});
