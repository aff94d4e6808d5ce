import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Astro inlines its island runtime (the <astro-island> element, ~4 KB) and each hydration
 * directive's script into every page with an island, and offers no option to load them as files.
 * Inline, they cost about 2 KB of brotli in each document: on /results, the difference between
 * arriving in the first round trip or not. They are the same on every page and none of them is
 * needed before the first paint (the server-rendered island is already in the markup), so after
 * the build each goes to one hashed file under /_astro (cached across pages) loaded with `defer`,
 * which keeps their order: directives register before the runtime upgrades the islands.
 *
 * Runs after page-css, so pruning still sees the same words. Pages rendered on demand keep Astro's
 * inline scripts (their CSP hashes cover them).
 * @returns {import('astro').AstroIntegration}
 */
export function islandScripts() {
  return {
    name: 'humanwise:island-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
        /** @type {Map<string, string>} script text -> its URL */
        const published = new Map();
        let moved = 0;
        for (const page of pages) {
          const file = join(root, page);
          const html = await readFile(file, 'utf8');
          const rewritten = await replaceAsync(html, /<script>([\s\S]*?)<\/script>/g, async (tag, code) => {
            if (!isAstroPrescript(code)) return tag;
            moved++;
            return `<script src="${await publish(root, code, published)}" defer></script>`;
          });
          if (rewritten !== html) await writeFile(file, rewritten);
        }
        logger.info(`moved ${moved} inline island scripts into ${published.size} cached files`);
      },
    },
  };
}

/**
 * Astro's island runtime defines <astro-island>; a directive script registers itself on
 * self.Astro and announces itself with an `astro:<name>` event.
 * @param {string} code
 */
export function isAstroPrescript(code) {
  return (
    /customElements\.define\("astro-island"/.test(code) ||
    /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.[\w-]+=[\s\S]*dispatchEvent\(new Event\("astro:[\w-]+"\)\)/.test(code)
  );
}

/** @param {string} root @param {string} code @param {Map<string, string>} published */
async function publish(root, code, published) {
  let src = published.get(code);
  if (!src) {
    src = `/_astro/island-${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
    await writeFile(join(root, src), code);
    published.set(code, src);
  }
  return src;
}

/**
 * String.replace with an async replacer, one match at a time.
 * @param {string} text @param {RegExp} pattern @param {(match: string, ...groups: string[]) => Promise<string>} replace
 */
async function replaceAsync(text, pattern, replace) {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    result += text.slice(last, match.index) + (await replace(...match));
    last = /** @type {number} */ (match.index) + match[0].length;
  }
  return result + text.slice(last);
}
