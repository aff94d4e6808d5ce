/**
 * `npm run check:deploy`: fails (exit 1) when any setting is invalid, still holds an example
 * placeholder (an example.com address or URL), so nobody ships `hello@example.com` by accident, or
 * turns on a test-only setting. Warns, without failing, when no channel tells the team of a lead,
 * or when nobody would be told of a lead that cannot be delivered.
 * Reads the same environment (and `.env`) the server reads; run it where the server will run.
 */
import { enabledChannels } from '../delivery/channels.ts';
import { noticeChannel } from '../delivery/dead-delivery-notice.ts';
import { loadSettings, placeholderSettings, settingsOrExit, testOnlySettings } from '../settings.ts';

const settings = settingsOrExit(loadSettings);
const problems: string[] = [];
const placeholders = placeholderSettings(settings);
if (placeholders.length > 0) problems.push(`example placeholders in ${placeholders.join(', ')}; set real values`);
const testOnly = testOnlySettings.filter((name) => settings[name]);
if (testOnly.length > 0) problems.push(`test-only settings on: ${testOnly.join(', ')}; unset them in production`);

// Allowed (a site may start before its CRM is connected), but then nobody hears of a lead.
// The visitor's own confirmation tells the team nothing.
const enabled = enabledChannels(settings);
const teamChannels = enabled.filter((channel) => channel !== 'visitor-email');
if (teamChannels.length === 0) {
  console.warn(
    'Warning: no lead reaches the team: set SMTP_URL and LEADS_NOTIFY_EMAIL, or LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET (README, "Lead delivery").',
  );
} else if (!settings.METRICS_TOKEN && teamChannels.some((channel) => !noticeChannel(channel, enabled))) {
  // A dead delivery is told through the other team channel, or by the LeadDeliveryDead alert on
  // /metrics: with neither, only the server's log and /healthz on the server itself would say it.
  console.warn(
    'Warning: a lead that cannot be delivered would be told to nobody: only one channel reaches the team, so none can carry the dead-delivery notice, and METRICS_TOKEN is unset, so no alert either. Configure both channels, or set METRICS_TOKEN and monitoring (README, "Lead delivery" and "Metrics and alerts").',
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`Deploy check failed: ${problem}.`);
  process.exit(1);
}
console.log('Deploy check passed: every setting is valid, none is an example placeholder or test-only.');
