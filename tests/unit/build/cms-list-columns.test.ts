/**
 * The editor's collection lists head their address column with the address field's label
 * (src/build/cms-list-columns.mjs), by one change to the installed Keystatic's code: this runs it on
 * that code, so a Keystatic upgrade that moves it fails here, naming the version and the file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmsListColumns, labelAddressColumn } from '../../../src/build/cms-list-columns.mjs';
import { collections } from '../../../src/cms/schema.ts';

const require = createRequire(import.meta.url);
const listModule = path.join(
  path.dirname(require.resolve('@keystatic/core/package.json')),
  'dist/keystatic-core-ui.js',
);
const keystatic = readFileSync(listModule, 'utf8');

describe("the collection list's address column", () => {
  it("is headed by the collection's address label in the installed Keystatic, with Keystatic's words as fallback", () => {
    const changed = labelAddressColumn(keystatic);
    expect(changed).not.toMatch(/name: '(Slug|Name)',\s+key: SLUG/);
    expect(
      changed.match(/name: collection\.schema\[collection\.slugField\]\?\.addressLabel \?\? 'Slug'/g),
    ).toHaveLength(1);
    expect(
      changed.match(/name: collection\.schema\[collection\.slugField\]\?\.addressLabel \?\? 'Name'/g),
    ).toHaveLength(2);
  });

  it('reads a label every collection gives, in the words of its entry form', () => {
    const labels = Object.fromEntries(
      Object.entries(collections).map(([key, collection]) => {
        const field = (collection.schema as Record<string, { addressLabel?: string }>)[collection.slugField ?? ''];
        return [key, field?.addressLabel];
      }),
    );
    expect(labels).toEqual({
      programs: 'Web address',
      offers: 'Web address',
      solutions: 'File name',
      cieComponents: 'File name',
      caseStudies: 'Web address',
      legal: 'Web address',
    });
  });

  it('stops the build, naming the Keystatic version and this file, when the code is not there as expected', () => {
    expect(() => labelAddressColumn(keystatic.replace("name: 'Slug',", "name: 'Key',"))).toThrow(
      /^@keystatic\/core \d+\.\d+\.\d+ no longer heads .* \(2 of 3 headings found\): update that file\.$/,
    );
  });

  it("changes Keystatic's list module only", () => {
    const transform = cmsListColumns().transform as (code: string, id: string) => { code: string } | null;
    expect(transform(keystatic, listModule)?.code).toContain('addressLabel');
    expect(transform("name: 'Slug', key: SLUG", '/project/src/cms/config.ts')).toBeNull();
  });
});
