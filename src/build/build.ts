/**
 * `npm run build`: checks the build-time settings, runs Astro's build, compresses its files for the
 * server (dist/precompressed), then writes the build stamp (dist/build-stamp.json) that `npm start`
 * and the server check.
 *
 * The settings are checked before Astro loads any page, so a bad `SITE_URL` is one line, not a
 * stack trace from inside the build; example placeholders are allowed (a fresh clone builds and
 * runs) but named in one warning, and `npm run check:deploy` fails on them. A content file that
 * stops the build is named in plain words at the end of the output, with its field and what to do
 * (./failure-report.ts), not in a crash dump.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import { loadBuildSettings, placeholderSettings, settingsOrExit } from '../config/build-settings.ts';
import { failureReport } from './failure-report.ts';
import { precompressStaticAssets } from './precompress.ts';
import { makeStamp, writeStamp } from './stamp.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

const settings = settingsOrExit(loadBuildSettings);
const placeholders = placeholderSettings(settings);
if (placeholders.length > 0) {
  console.warn(
    `Warning: building with example placeholders in ${placeholders.join(', ')}; set real values before you deploy (npm run check:deploy fails on them).`,
  );
}

// `--out-dir DIR` (relative to the root): the editor's publishing builds beside the live build
// and swaps it in only when this succeeds (src/server/cms/publisher.ts).
const outDirAt = process.argv.indexOf('--out-dir');
const outDir = outDirAt === -1 ? 'dist' : (process.argv[outDirAt + 1] ?? 'dist');

// Hashed before the build reads them, so an edit made while it runs makes the next start rebuild.
const stamp = makeStamp(root, settings);
try {
  await build({ root, outDir });
} catch (error) {
  console.error(await failureReport(error, root));
  process.exit(1);
}
await precompressStaticAssets(`${root}${outDir}/`);
writeStamp(`${root}${outDir}`, stamp);
