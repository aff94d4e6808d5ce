import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSettings, settingNames } from '../../../src/server/settings.ts';

/**
 * The settings module, `.env.example` and the README's configuration table name the same
 * variables, so a setting added in one place and forgotten in another fails here.
 */
const envExample = readFileSync('.env.example', 'utf8');
const readme = readFileSync('README.md', 'utf8');

const exampleEntries = new Map(
  [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
);

function readmeTable(): Map<string, string> {
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return new Map(
    [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map((match) => [
      match[1] ?? '',
      (match[2] ?? '').trim(),
    ]),
  );
}

describe('configuration documents', () => {
  it('.env.example lists every setting, and only those', () => {
    expect([...exampleEntries.keys()].sort()).toEqual([...settingNames].sort());
  });

  it("the README's configuration table lists every setting, and only those", () => {
    expect([...readmeTable().keys()].sort()).toEqual([...settingNames].sort());
  });

  it("the README's table gives each default the settings module has", () => {
    const defaults: Record<string, unknown> = loadSettings({});
    for (const [name, cell] of readmeTable()) {
      const value = defaults[name];
      const literal = /^`([^`]*)`$/.exec(cell)?.[1];
      if (cell === 'unset') {
        expect([undefined, false], `${name} is unset by default`).toContainEqual(
          Array.isArray(value) ? undefined : value,
        );
        if (Array.isArray(value)) expect(value, name).toEqual([]);
      } else if (literal !== undefined && !(settingNames as string[]).includes(literal)) {
        expect(String(value), `${name}'s default`).toBe(literal);
      }
    }
  });

  it('.env.example gives each default, and is itself valid', () => {
    const defaults = loadSettings({});
    const fromExample = loadSettings(Object.fromEntries(exampleEntries));
    expect(fromExample).toEqual(defaults);
  });
});
