/**
 * For the contract tests of src/integrations/astro-internals: what the site relies on in Astro's
 * internals, checked against the Astro installed, failing with a message that names its version.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ASTRO_DIR = dirname(require.resolve('astro/package.json'));

export const ASTRO_VERSION = (require('astro/package.json') as { version: string }).version;

/** A file of the installed Astro, by its path inside the package. */
export const astroFile = (path: string): string => join(ASTRO_DIR, path);

/** One of Astro's own modules, by its path inside the package, public or not. */
export const importFromAstro = <T>(path: string): Promise<T> => import(pathToFileURL(astroFile(path)).href);

/** What a failed contract says: which Astro changed what, and which file must follow. */
export const astroChanged = (what: string, file: string): string =>
  `Astro ${ASTRO_VERSION} changed ${what}: update src/integrations/astro-internals/${file}`;

/** Runs a contract's steps; anything they throw (a renamed module or function, say) is reported as the change. */
export async function contract<T>(what: string, file: string, steps: () => Promise<T> | T): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    throw new Error(`${astroChanged(what, file)} (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
}
