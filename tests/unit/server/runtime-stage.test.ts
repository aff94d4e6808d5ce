import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTimeSettingNames } from '../../../src/config/build-settings.ts';

/**
 * The Dockerfile's runtime stage copies only some source folders. Every file the server and its
 * commands (export, backup, privacy, deliveries, deploy check) import must be inside them, and every
 * package they import must be a production dependency. (.ci/check-runtime-stage.ts starts the
 * server from such a copy; this covers the commands it does not run.)
 */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.search(/^FROM \S+ AS runtime$/m));
const copied = [...runtimeStage.matchAll(/^COPY (?!--from)(\S+) \.\/\S+$/gm)].map((match) => match[1] ?? '');

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

/**
 * Imports the image never runs: the editor's configuration (src/cms), which local mode's publishing
 * loads when a build fails to name the entry and field in the editor's words. The server refuses
 * local mode without the sources (src/server/main.ts), as in the image.
 */
const LOCAL_MODE_ONLY = new Set(['src/lib/content/build-failure.ts -> src/cms/entries.ts']);

function closure(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /(?:^|\s)(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g,
    )) {
      const specifier = match[1] ?? match[2] ?? '';
      // `npm start`'s build step is not part of the runtime image (it only serves).
      if (specifier.includes('/build/')) continue;
      if (specifier.startsWith('.')) {
        const target = path.relative('.', path.resolve(path.dirname(file), specifier));
        if (!LOCAL_MODE_ONLY.has(`${file} -> ${target}`)) visit(target);
      } else if (!specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
      }
    }
  };
  for (const entry of entries) visit(entry);
  return { files, packages };
}

describe('the Dockerfile runtime stage', () => {
  const entries = readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .filter((file) => /^(main\.ts|launch\.mjs|commands\/[\w-]+\.ts)$/.test(file))
    .map((file) => path.join('src/server', file));

  it('copies every source file the server and its commands import', () => {
    expect(entries).toContain('src/server/main.ts');
    expect(copied).toContain('src/server');
    const { files } = closure(entries);
    const outside = [...files].filter((file) => !copied.some((dir) => file === dir || file.startsWith(`${dir}/`)));
    expect(outside).toEqual([]);
  });

  it('needs no devDependency: every package they import is a production dependency', () => {
    const { packages } = closure(entries);
    expect([...packages].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });
});

describe('the container recipe', () => {
  it('pins every base image by digest, with its tag in the comment above', () => {
    const lines = dockerfile.split('\n');
    const froms = lines.flatMap((line, i) => (line.startsWith('FROM ') ? [i] : []));
    expect(froms).toHaveLength(2);
    for (const at of froms) {
      const image = /^FROM (\S+)/.exec(lines[at] ?? '')?.[1] ?? '';
      expect(image, lines[at]).toMatch(/^node:24-slim@sha256:[0-9a-f]{64}$/);
      expect(lines[at - 1], `the comment above ${lines[at]}`).toMatch(/^# node:24-slim\b/);
    }
  });

  it('passes every build-time setting to the build and to the server that checks the build', () => {
    // One missing here builds without it while compose's .env gives the server its value: the
    // server then refuses the build (its stamp differs) and the container never starts.
    const [buildStage = '', runtime = ''] = dockerfile.split(/^FROM /m).slice(1);
    const args = (stage: string) =>
      new Set([...stage.matchAll(/^ARG (.+)$/gm)].flatMap((m) => (m[1] ?? '').split(/\s+/)));
    const runtimeEnv = new Set([...runtime.matchAll(/^\s*(?:ENV )?([A-Z_]+)=\$([A-Z_]+)/gm)].map((m) => m[1]));
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      services: { site: { build: { args: Record<string, string> } } };
    };
    for (const name of buildTimeSettingNames) {
      expect(args(buildStage), `build stage ARG ${name}`).toContain(name);
      expect(args(runtime), `runtime stage ARG ${name}`).toContain(name);
      expect(runtimeEnv, `runtime stage ENV ${name}`).toContain(name);
      expect(compose.services.site.build.args[name], `compose build arg ${name}`).toBe(`\${${name}:-}`);
    }
  });

  it('runs the site in compose read-only, with a tmpfs /tmp, no capabilities and no new privileges', () => {
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      services: Record<string, Record<string, unknown>>;
    };
    const site = compose.services.site ?? {};
    expect(site.read_only).toBe(true);
    expect(site.tmpfs).toEqual(['/tmp']);
    expect(site.cap_drop).toEqual(['ALL']);
    expect(site.security_opt).toEqual(['no-new-privileges:true']);
    // The one writable place besides /tmp: the data volume the image declares.
    expect(site.volumes).toEqual(['sitedata:/data']);
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
    expect(compose.services.db?.image).toMatch(/^postgres:17@sha256:[0-9a-f]{64}$/);
  });

  it('rotates the logs of the site and of nginx, which the privacy policy keeps only briefly', () => {
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      services: Record<string, { logging?: { driver?: string; options?: Record<string, string> } }>;
    };
    for (const name of ['site', 'proxy']) {
      // Docker's default json-file driver never deletes a line while the container exists.
      expect(compose.services[name]?.logging, name).toEqual({
        driver: 'local',
        options: { 'max-size': '10m', 'max-file': '3' },
      });
    }
  });
});
