/**
 * The editor's navigation: every item under Pages opens a page's copy (a singleton), every item under
 * Content a list of entries (a collection), and each collection and singleton is reachable from it.
 * Keystatic turns a navigation key into a link by looking in the collections first, then in the
 * singletons (`populateItemData` in @keystatic/core's UI), so a key that names both opens the
 * collection and leaves the singleton reachable only by typing its address.
 */
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../src/cms/config.ts';

type Config = ReturnType<typeof cmsConfig>;

/** Where Keystatic's navigation link for `key` goes, by its own rule: a collection wins over a singleton. */
function linkOf(config: Config, key: string): string {
  if (config.collections && key in config.collections) return `/keystatic/collection/${key}`;
  if (config.singletons && key in config.singletons) return `/keystatic/singleton/${key}`;
  throw new Error(`Unknown navigation key: "${key}".`);
}

/** The label Keystatic shows for that link. */
function labelOf(config: Config, key: string): string {
  const collections = config.collections as Record<string, { label: string }>;
  const singletons = config.singletons as Record<string, { label: string }>;
  return (collections[key] ?? singletons[key])?.label ?? key;
}

function sections(config: Config): Record<string, string[]> {
  const navigation = config.ui?.navigation;
  if (!navigation || Array.isArray(navigation)) throw new Error('the navigation has no sections');
  return navigation as Record<string, string[]>;
}

describe("the editor's navigation", () => {
  for (const storage of [{ kind: 'local' }, { kind: 'github', repo: 'humanwise/site' }] as const) {
    describe(`(${storage.kind} storage)`, () => {
      const config = cmsConfig(storage);
      const { Pages = [], Content = [], ...others } = sections(config);
      const collectionKeys = Object.keys(config.collections ?? {});
      const singletonKeys = Object.keys(config.singletons ?? {});

      it('has the two sections, Pages and Content, and no other', () => {
        expect(Object.keys(sections(config))).toEqual(['Pages', 'Content']);
        expect(others).toEqual({});
      });

      it('opens a page’s copy (a singleton) from every item under Pages', () => {
        expect(Pages.map((key) => [labelOf(config, key), linkOf(config, key)])).toEqual(
          Pages.map((key) => [labelOf(config, key), `/keystatic/singleton/${key}`]),
        );
      });

      it('opens a list of entries (a collection) from every item under Content', () => {
        expect(Content.map((key) => [labelOf(config, key), linkOf(config, key)])).toEqual(
          Content.map((key) => [labelOf(config, key), `/keystatic/collection/${key}`]),
        );
      });

      it('uses no key twice: not for a collection and a singleton, nor for two items', () => {
        expect(collectionKeys.filter((key) => singletonKeys.includes(key))).toEqual([]);
        const items = [...Pages, ...Content];
        expect(items.filter((key, index) => items.indexOf(key) !== index)).toEqual([]);
      });

      it('lists every singleton under Pages and every collection under Content', () => {
        expect([...Pages].sort()).toEqual([...singletonKeys].sort());
        expect([...Content].sort()).toEqual([...collectionKeys].sort());
      });

      it("reaches the Solutions page's copy and the solutions, each from its section", () => {
        const solutionsPage = Pages.find((key) => labelOf(config, key) === 'Solutions') ?? '';
        const solutions = Content.find((key) => labelOf(config, key) === 'Solutions') ?? '';
        expect(config.singletons?.[solutionsPage as keyof typeof config.singletons]?.path).toBe(
          'src/content/pages/solutions',
        );
        expect(linkOf(config, solutionsPage)).toMatch(/^\/keystatic\/singleton\//);
        expect(config.collections?.[solutions as keyof typeof config.collections]?.path).toBe(
          'src/content/solutions/*',
        );
        expect(linkOf(config, solutions)).toMatch(/^\/keystatic\/collection\//);
      });
    });
  }
});
