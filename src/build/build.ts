/**
 * `npm run build`: checks the build-time settings, then runs Astro's build.
 *
 * The settings are checked before Astro loads any page, so a bad `SITE_URL` is one line, not a
 * stack trace from inside the build; example placeholders are allowed (a fresh clone builds and
 * runs) but named in one warning, and `npm run check:deploy` fails on them.
 */
import { build } from 'astro';
import { loadBuildSettings, placeholderSettings, settingsOrExit } from '../server/settings.ts';

const settings = settingsOrExit(loadBuildSettings);
const placeholders = placeholderSettings(settings);
if (placeholders.length > 0) {
  console.warn(
    `Warning: building with example placeholders in ${placeholders.join(', ')}; set real values before you deploy (npm run check:deploy fails on them).`,
  );
}

await build({ root: new URL('../../', import.meta.url) });
