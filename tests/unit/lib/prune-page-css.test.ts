import { describe, expect, it } from 'vitest';
import {
  classesInHtml,
  islandScriptWords,
  prunePageCss,
  pruneStylesheet,
  pruneStylesheets,
  vocabularyOf,
  wordsInScript,
} from '../../../src/lib/prune-page-css.ts';

/** A page with these classes, the usual elements, no form control and no custom properties of its own. */
const pageWith = (...classes: string[]) => ({
  classes: new Set(classes),
  elements: new Set(['html', 'body', 'main', 'p', 'a', 'h2', 'h3', 'dialog']),
  properties: new Set<string>(),
  inputTypes: new Set<string>(),
});
const prune = (css: string, ...classes: string[]) => pruneStylesheet(css, pageWith(...classes));

describe('pruneStylesheet', () => {
  it('drops rules for classes the page does not use and keeps the ones it does', () => {
    const css = '.used{color:red}.unused{color:blue}';
    expect(prune(css, 'used')).toBe('.used{color:red}');
  });

  it('keeps attribute, id and state selectors, which scripts may switch on later', () => {
    const css =
      'dialog[open]{display:block}[data-reveal=pending]{opacity:0}#main{outline:none}:focus-visible{outline:2px solid}a:hover{color:red}';
    expect(prune(css)).toBe(css);
  });

  it('drops rules for elements the page never has', () => {
    expect(prune('progress{vertical-align:baseline}summary{display:list-item}p{margin:0}')).toBe('p{margin:0}');
    expect(prune('abbr:where([title]),summary{text-decoration:underline dotted}')).toBe('');
  });

  it("drops a form control's own parts where the page cannot have the control, and keeps them where it can", () => {
    const css =
      '::placeholder{opacity:1}:-moz-ui-invalid{box-shadow:none}.note::placeholder{color:gray}' +
      '::-webkit-datetime-edit{padding:0}::-webkit-calendar-picker-indicator{line-height:1}' +
      '::-webkit-inner-spin-button{height:auto}::-webkit-search-decoration{appearance:none}' +
      '::file-selector-button{margin:0}::-webkit-scrollbar{width:0}::backdrop{opacity:.5}';
    const page = (elements: string[], inputTypes: string[] = []) =>
      pruneStylesheet(css, { ...pageWith('note'), elements: new Set(elements), inputTypes: new Set(inputTypes) });
    const notAPart = '::-webkit-scrollbar{width:0}::backdrop{opacity:.5}';
    const anyField = '::placeholder{opacity:1}:-moz-ui-invalid{box-shadow:none}.note::placeholder{color:gray}';
    expect(page(['p'], ['date', 'number', 'search', 'file'])).toBe(notAPart);
    expect(page(['textarea'])).toBe(anyField + notAPart);
    expect(page(['input'], ['text', 'email'])).toBe(anyField + notAPart);
    expect(page(['input'], ['time'])).toBe(
      `${anyField}::-webkit-datetime-edit{padding:0}::-webkit-calendar-picker-indicator{line-height:1}` +
        `::-webkit-inner-spin-button{height:auto}${notAPart}`,
    );
    expect(page(['input'], ['number'])).toBe(`${anyField}::-webkit-inner-spin-button{height:auto}${notAPart}`);
    expect(page(['input'], ['search', 'file'])).toBe(
      `${anyField}::-webkit-search-decoration{appearance:none}::file-selector-button{margin:0}${notAPart}`,
    );
  });

  it('needs every class of a compound or descendant selector; a list stays whole while one selector can match', () => {
    expect(prune('.theme-night .on-night{color:#fff}', 'on-night')).toBe('');
    expect(prune('.theme-night .on-night{color:#fff}', 'on-night', 'theme-night')).toBe(
      '.theme-night .on-night{color:#fff}',
    );
    expect(prune('.a h2,.b h3{color:red}', 'b')).toBe('.a h2,.b h3{color:red}');
    expect(prune('.a h2,.b h3{color:red}')).toBe('');
  });

  it('looks inside :where() and :is(), but never reads :not() as a need', () => {
    const spacing = ':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}';
    expect(prune(spacing)).toBe('');
    expect(prune(spacing, 'space-y-2')).toBe(spacing);
    expect(prune('a:not(.external){color:red}')).toBe('a:not(.external){color:red}');
  });

  it('removes media and supports blocks that pruning left empty; an emptied layer keeps its place in the layer order', () => {
    const css =
      '@layer base{p{margin:0}}@layer utilities{.x{color:red}@media (width>=40rem){.sm\\:x{color:blue}}@supports (color:color-mix(in lab,red,red)){.y{color:green}}}';
    expect(prune(css)).toBe('@layer base{p{margin:0}}@layer utilities;');
    expect(prune(css, 'sm:x')).toBe(
      '@layer base{p{margin:0}}@layer utilities{@media (width>=40rem){.sm\\:x{color:#00f}}}',
    );
  });

  it("drops Tailwind's registered properties and fallbacks that no remaining rule sets or reads", () => {
    const css =
      '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}' +
      '.shadow{--tw-shadow:0 1px 2px #0000000d;box-shadow:var(--tw-shadow)}.blur{--tw-blur:blur(8px);filter:var(--tw-blur)}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-blur{syntax:"*";inherits:false}';
    const pruned = prune(css, 'shadow');
    expect(pruned).toContain('@property --tw-shadow');
    expect(pruned).toContain('--tw-shadow:0 0 #0000');
    expect(pruned).not.toContain('--tw-blur');
    expect(prune(css)).toBe('@layer properties;');
  });

  it('keeps only the theme variables something reads, following variables that read others', () => {
    const css =
      ':root{--font-sans:Inter,sans-serif;--default-font-family:var(--font-sans);--font-mono:monospace;--color-ink:#14161f;--unused:1px}body{font-family:var(--default-font-family);color:var(--color-ink)}';
    expect(prune(css)).toBe(
      ':root{--font-sans:Inter,sans-serif;--default-font-family:var(--font-sans);--color-ink:#14161f}body{font-family:var(--default-font-family);color:var(--color-ink)}',
    );
  });

  it('drops the keyframes of animations only pruned rules ran; keeps those a rule, a variable or a script names', () => {
    const css =
      '@keyframes toast-in{0%{opacity:.6}}@keyframes fade-in{0%{opacity:0}}@keyframes pulse{50%{opacity:.5}}' +
      '@keyframes spin{to{rotate:1turn}}.toast{animation:toast-in .2s}.drawer{animation:fade-in .2s}' +
      ':root{--animate-pulse:pulse 2s infinite}.pulse{animation:var(--animate-pulse)}';
    const pruned = prune(css, 'drawer', 'pulse', 'spin');
    expect(pruned).not.toContain('toast-in');
    expect(pruned).toContain('@keyframes fade-in');
    expect(pruned).toContain('@keyframes pulse');
    // Named by the page's scripts (an island may set `style.animation`).
    expect(pruned).toContain('@keyframes spin');
    expect(prune(css, 'toast')).toContain('@keyframes toast-in');
  });

  it('never touches ordinary declarations, even those the CSS parser does not know', () => {
    const css =
      'html{-webkit-tap-highlight-color:transparent;font-feature-settings:var(--default-font-feature-settings,normal);scroll-behavior:smooth}';
    expect(prune(css)).toBe(css);
  });
});

describe('pruneStylesheets', () => {
  it("drops Tailwind's banner comment and keeps any other", () => {
    const banner = '/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */\n';
    expect(prune(`${banner}p{margin:0}`)).toBe('p{margin:0}');
    expect(prune('/*! some-library v1 | MIT */\np{margin:0}')).toBe('/*! some-library v1 | MIT */\np{margin:0}');
  });

  it("keeps a custom property declared in one of a page's stylesheets while another reads it", () => {
    const page = { ...pageWith(), elements: new Set(['body']) };
    const fonts =
      '@font-face{font-family:Inter-1;src:url(/_astro/fonts/a.woff2)format("woff2")}:root{--font-inter:Inter-1,sans-serif;--font-other:serif}';
    const site =
      ':root{--font-sans:var(--font-inter)}body{font-family:var(--font-sans)}.unused{font-family:var(--font-other)}';
    expect(pruneStylesheets([fonts, site], page)).toEqual([
      '@font-face{font-family:Inter-1;src:url(/_astro/fonts/a.woff2)format("woff2")}:root{--font-inter:Inter-1,sans-serif}',
      ':root{--font-sans:var(--font-inter)}body{font-family:var(--font-sans)}',
    ]);
    expect(pruneStylesheet(fonts, page)).toBe(
      '@font-face{font-family:Inter-1;src:url(/_astro/fonts/a.woff2)format("woff2")}',
    );
  });
});

describe('the classes a page uses', () => {
  it('reads class attributes, decoding entities as a browser would', () => {
    expect([...classesInHtml('<a class="px-4 [&amp;_svg]:size-4\n text-lg">x</a><p class=\'mt-2\'>')]).toEqual([
      'px-4',
      '[&_svg]:size-4',
      'text-lg',
      'mt-2',
    ]);
  });

  it("counts the words of inline scripts and of the islands the page loads, but never a visitor's words", () => {
    const html =
      '<div class="a" style="--accent: red"></div><script>el.classList.add("is-open")</script><script src="/x.js"></script>' +
      '<input type="search" name="note" value="--typed-by-a-visitor date">';
    const page = vocabularyOf(html, ['from-island', 'textarea', 'var(--island-gap)']);
    expect(page.classes).toEqual(
      new Set(['a', 'from-island', 'textarea', 'var(--island-gap)', 'el.classList.add(', 'is-open', ')']),
    );
    expect(page.elements).toEqual(new Set(['div', 'script', 'input', 'from-island', 'textarea', 'is-open']));
    expect(page.properties).toEqual(new Set(['--accent', '--island-gap']));
    expect(page.inputTypes).toEqual(new Set(['search', ...page.classes].filter((word) => word !== 'a')));
  });

  it('keeps arbitrary values whole when reading scripts', () => {
    const island =
      'className:"size-full bg-[radial-gradient(circle_at_30%_40%,rgb(255_184_107/0.45),transparent_45%)]"';
    expect(wordsInScript(island)).toContain(
      'bg-[radial-gradient(circle_at_30%_40%,rgb(255_184_107/0.45),transparent_45%)]',
    );
  });

  it('rewrites each inline stylesheet of a page and leaves the rest of the markup alone', () => {
    const html =
      '<html><head><style>.a{color:red}.b{color:blue}table{border:0}</style></head><body class="a"><p>Text</p></body></html>';
    expect(prunePageCss(html)).toBe(
      '<html><head><style>.a{color:red}</style></head><body class="a"><p>Text</p></body></html>',
    );
  });

  it("reads an island's words from its entry modules and every module they import, each once", async () => {
    const modules: Record<string, string> = {
      '/_astro/Island.abc.js': 'import{a}from"./shared.def.js";const c="text-error";import("./steps/Step.ghi.js")',
      '/_astro/shared.def.js': 'export const a="grid gap-6"',
      '/_astro/steps/Step.ghi.js': 'import{a}from"../shared.def.js";const s="animate-pulse"',
      '/_astro/renderer.jkl.js': 'import"./missing.js";const r="hydrate"',
    };
    const reads: string[] = [];
    const words = await islandScriptWords(['/_astro/Island.abc.js', '/_astro/renderer.jkl.js'], (url) => {
      reads.push(url);
      return modules[url];
    });
    expect(words).toEqual(expect.arrayContaining(['text-error', 'grid', 'gap-6', 'animate-pulse', 'hydrate']));
    // A module the build lacks adds nothing; none is read twice.
    expect(reads.sort()).toEqual([...Object.keys(modules), '/_astro/missing.js'].sort());
  });
});
