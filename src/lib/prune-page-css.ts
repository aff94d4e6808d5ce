import { transform, type CustomAtRules, type Selector, type Visitor as CssVisitor } from 'lightningcss';

/**
 * Every page carries the whole site's Tailwind stylesheet inline (no render-blocking request), but
 * any one page uses barely half of it. Pruning each page's copy to what the page can use keeps
 * the document inside the first TCP round trip and shortens the first style recalculation.
 *
 * A rule goes only when it names a class or an element the page never has (or a form control's
 * part, on a page without form controls), and a custom property goes only when nothing reads it.
 * Attribute, id and state selectors are always kept, so states that scripts switch on later (a
 * dialog's [open], a reveal's data attribute) keep their styles.
 * What an island renders after hydration counts as part of the page when its scripts mention it
 * (see `wordsInScript`).
 */

/** What a page can contain: the names its rules and custom properties are checked against. */
export interface PageVocabulary {
  classes: Set<string>;
  /** Element names, lower case. */
  elements: Set<string>;
  /** Custom properties named in the markup or scripts (inline styles, style props). */
  properties: Set<string>;
  /** The types an input could have: the markup's `type` attributes and every word of its scripts. */
  inputTypes: Set<string>;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#x27': "'" };
const decodeEntities = (value: string) =>
  value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

/** The class names in a document's class attributes. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    for (const name of decodeEntities(match[1] ?? match[2] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Every word of a script that could be a class or element name: both live in its string literals.
 * Only whitespace and quotes separate words, since arbitrary values hold commas and brackets
 * (`bg-[radial-gradient(circle_at_30%_40%,…)]`).
 */
export function wordsInScript(script: string): string[] {
  return script.split(/[\s"'`]+/).filter(Boolean);
}

/** Relative imports in a built module (`from"./chunk.js"`, `import("./step.js")`). */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The words of every script a page's islands load: their entry modules (by URL path, as in
 * `component-url`) and each module those import, read with `read` (a module missing from the build
 * adds nothing). What an island renders after hydration is styled from these words.
 */
export async function islandScriptWords(
  entries: Iterable<string>,
  read: (urlPath: string) => string | undefined | Promise<string | undefined>,
): Promise<string[]> {
  const seen = new Set<string>();
  const words: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await read(url);
    if (code === undefined) continue;
    words.push(...wordsInScript(code));
    for (const match of code.matchAll(RELATIVE_IMPORT)) queue.push(new URL(match[1]!, `http://build${url}`).pathname);
  }
  return words;
}

/** What a page can use: its markup and inline scripts, plus `scriptWords` (its islands' scripts). */
export function vocabularyOf(html: string, scriptWords: Iterable<string> = []): PageVocabulary {
  const words = [...scriptWords];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
    words.push(...wordsInScript(match[1]!));
  const classes = classesInHtml(html);
  const elements = new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
  // From style attributes only: visitors' own words (a form echoing what was typed) never count.
  const properties = new Set(
    [...html.matchAll(/\sstyle\s*=\s*"([^"]*)"/g)].flatMap((match) => match[1]!.match(/--[\w-]+/g) ?? []),
  );
  const inputTypes = new Set(
    [...html.matchAll(/<input\b[^>]*?\stype\s*=\s*"([^"]*)"/gi)].map((match) => match[1]!.toLowerCase()),
  );
  for (const word of words) {
    classes.add(word);
    inputTypes.add(word);
    if (/^[a-z][\w-]*$/i.test(word)) elements.add(word.toLowerCase());
    for (const property of word.match(/--[\w-]+/g) ?? []) properties.add(property);
  }
  return { classes, elements, properties, inputTypes };
}

/**
 * Tailwind's preflight styles a dozen parts of form controls (a date field's segments, a number
 * field's spinner, the file button, the placeholder) with no element named, so they matched every
 * page: about 210 bytes of brotli on a page without a form, 140 on /results, whose island's runtime
 * names `input` but no input type that has these parts. Each part needs its control: the element
 * and, for an input's own, one of the input types that have it.
 */
const DATE_TYPES = ['date', 'datetime-local', 'month', 'time', 'week'];
const INPUT_PARTS: [part: RegExp, types: string[]][] = [
  [/^-webkit-(date|datetime|calendar)/, DATE_TYPES],
  // Date fields had spin buttons too, in Chrome before its pickers.
  [/^-webkit-(inner|outer)-spin-button$/, ['number', ...DATE_TYPES]],
  [/^-webkit-search/, ['search']],
  [/^file-selector-button$/, ['file']],
];

/** Whether a page could have the form control part a component names (undefined: it names none). */
function canHavePart(component: Selector[number], page: PageVocabulary): boolean | undefined {
  const has = (...elements: string[]) => elements.some((element) => page.elements.has(element));
  // Firefox's own state of a refused field, which preflight takes the glow off.
  if (component.type === 'pseudo-class' && component.kind === 'custom' && component.name === '-moz-ui-invalid') {
    return has('input', 'textarea', 'select');
  }
  if (component.type !== 'pseudo-element') return undefined;
  if (component.kind === 'placeholder') return has('input', 'textarea');
  const name = component.kind === 'custom' ? component.name : component.kind;
  const types = INPUT_PARTS.find(([part]) => part.test(name))?.[1];
  if (!types) return undefined;
  return has('input') && types.some((type) => page.inputTypes.has(type));
}

/** Whether some element of a page with this vocabulary could match the selector. */
function canMatch(selector: Selector, page: PageVocabulary): boolean {
  return selector.every((component) => {
    if (component.type === 'class') return page.classes.has(component.name);
    if (component.type === 'type') return page.elements.has(component.name.toLowerCase());
    const part = canHavePart(component, page);
    if (part !== undefined) return part;
    // :is()/:where() match when one of their selectors can; :not(), :has() and the rest are left alone.
    if (component.type === 'pseudo-class' && (component.kind === 'is' || component.kind === 'where')) {
      return component.selectors.some((inner) => canMatch(inner, page));
    }
    return true;
  });
}

type Visitor = CssVisitor<CustomAtRules>;

/**
 * Minifies `css` through `visitor`. A block whose rules the visitor removed stays, empty, until the
 * next pass drops it (an emptied layer becomes a statement that keeps its place in the layer order),
 * so what `pruneRules` empties goes in `pruneProperties`' pass. lightningcss 1.33 never calls exit
 * visitors keyed by rule type, which this module used to hand it for that.
 */
const minify = (css: string, visitor: Visitor) =>
  transform({ filename: 'page.css', code: Buffer.from(css), minify: true, visitor }).code.toString();

/**
 * The custom properties something still reads: every property named in a `var()` outside
 * custom-property declarations, in the page's markup or scripts, or in the value of a property
 * already needed (`--default-font-family: var(--font-sans)`), followed to the end.
 */
function propertiesInUse(css: string, page: PageVocabulary): Set<string> {
  const declarations = new Map<string, string[]>();
  for (const [, name = '', value = ''] of css.matchAll(/(--[\w-]+)\s*:([^;{}]*)/g)) {
    declarations.set(name, [...(declarations.get(name) ?? []), value]);
  }
  const readers = css.replace(/@property\s*--[\w-]+\s*\{[^}]*\}/g, '').replace(/--[\w-]+\s*:[^;{}]*/g, '');
  const needed = new Set(page.properties);
  const queue = [...(readers.match(/--[\w-]+/g) ?? []), ...page.properties];
  while (queue.length) {
    const name = queue.pop()!;
    needed.add(name);
    for (const value of declarations.get(name) ?? []) {
      for (const reference of value.match(/--[\w-]+/g) ?? []) if (!needed.has(reference)) queue.push(reference);
    }
  }
  return needed;
}

/** The stylesheet without the rules a page with this vocabulary cannot use (custom properties untouched). */
function pruneRules(css: string, page: PageVocabulary): string {
  return minify(css, {
    Rule: {
      // A rule goes when none of its selectors can match. One that partly can is kept whole:
      // lightningcss cannot hand every rule back once edited, and the bytes saved would be few.
      style: (rule) => (rule.value.selectors.some((selector) => canMatch(selector, page)) ? undefined : []),
    },
  });
}

/** Every `@keyframes` block, which names its animation and holds no other block but its steps. */
const KEYFRAMES = /@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;

/**
 * The animations something may still run: every word outside `@keyframes` blocks (an `animation`
 * declaration, a custom property holding one, as Tailwind's `--animate-*` do) and every word of the
 * page's markup and scripts. Read as words, not parsed, so a name is kept wherever it might be used.
 */
function animationsInUse(css: string, page: PageVocabulary): Set<string> {
  return new Set([...(css.replace(KEYFRAMES, '').match(/[\w-]+/g) ?? []), ...page.classes]);
}

/**
 * The stylesheet without the custom properties (registered or declared) that are not in `inUse`,
 * and without the keyframes of animations that only pruned rules ran (the success toast's on a page
 * with no waiting list: about 20 bytes of brotli on each).
 */
function pruneProperties(css: string, inUse: Set<string>, animations: Set<string>): string {
  return minify(css, {
    Rule: {
      property: (rule) => (inUse.has(rule.value.name) ? undefined : []),
      keyframes: (rule) => (animations.has(rule.value.name.value) ? undefined : []),
    },
    // lightningcss also files properties it does not know (`-webkit-tap-highlight-color`) as custom.
    Declaration: {
      custom: (declaration) => (!declaration.name.startsWith('--') || inUse.has(declaration.name) ? undefined : []),
    },
  });
}

/**
 * Tailwind opens its output with a comment, `/*! tailwindcss v… | MIT License | https://tailwindcss.com`,
 * which minifiers keep. It points at the project and is not the licence's notice (it holds
 * neither the copyright nor the permission text; tailwindlabs/tailwindcss#11536, where its author
 * calls it promotion), and in every page's copy it cost 76 bytes of brotli on /results: most of
 * what kept that page from arriving in the first round trip.
 */
const TAILWIND_BANNER = /^\/\*! tailwindcss [^*]*\*\/\n?/;

/**
 * The stylesheets of one page without the rules and custom properties the page cannot use. They
 * share one cascade, so a custom property declared in one (the font stack Astro's <Font> declares)
 * stays when another reads it (the site stylesheet's `--font-sans: var(--font-inter)`).
 */
export function pruneStylesheets(sheets: string[], page: PageVocabulary): string[] {
  const pruned = sheets.map((css) => pruneRules(css, page));
  // Registered properties cost style work on every element, theme variables cost bytes: keep only those read.
  const all = pruned.join('\n');
  const inUse = propertiesInUse(all, page);
  const animations = animationsInUse(all, page);
  return pruned.map((css) => pruneProperties(css, inUse, animations).replace(TAILWIND_BANNER, ''));
}

/** The stylesheet without the rules and custom properties a page with this vocabulary cannot use. */
export function pruneStylesheet(css: string, page: PageVocabulary): string {
  return pruneStylesheets([css], page)[0]!;
}

const INLINE_STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;

/** Hands the text of every inline stylesheet of a page to `prune` at once and puts the results back. */
export function rewriteInlineStyles(html: string, prune: (sheets: string[]) => string[]): string {
  const pruned = prune([...html.matchAll(INLINE_STYLE)].map((match) => match[2]!));
  let index = 0;
  return html.replace(
    INLINE_STYLE,
    (_, open: string, _css: string, close: string) => `${open}${pruned[index++]}${close}`,
  );
}

/** The page with its inline stylesheets pruned to what the page and its island scripts can use. */
export function prunePageCss(html: string, scriptWords: Iterable<string> = []): string {
  if (!html.includes('<style')) return html;
  const page = vocabularyOf(html, scriptWords);
  return rewriteInlineStyles(html, (sheets) => pruneStylesheets(sheets, page));
}
