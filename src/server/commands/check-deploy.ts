/**
 * `npm run check:deploy`: fails (exit 1) when any setting is invalid or still holds an example
 * placeholder (an example.com address or URL), so nobody ships `hello@example.com` by accident.
 * Reads the same environment (and `.env`) the server reads; run it where the server will run.
 */
import { loadSettings, placeholderSettings, settingsOrExit } from '../settings.ts';

const settings = settingsOrExit(loadSettings);
const placeholders = placeholderSettings(settings);
if (placeholders.length > 0) {
  console.error(`Deploy check failed: example placeholders in ${placeholders.join(', ')}; set real values.`);
  process.exit(1);
}
console.log('Deploy check passed: every setting is valid and none is an example placeholder.');
