/**
 * The privacy policy's promises as commands, on whichever store is configured:
 *
 *   npm run leads:find -- --email ADDRESS     that person's leads as JSON (an access request)
 *   npm run leads:delete -- --email ADDRESS   deletes their leads and every delivery of them
 *   npm run leads:purge                       deletes leads older than LEADS_RETENTION_DAYS
 *
 * Addresses match ignoring case. Only `find` prints personal data, and only to standard output.
 */
import { parseArgs } from 'node:util';
import { runWithStore, write } from './command-line.ts';
import { purgeExpired, retentionCutoff } from '../leads/retention.ts';

const USAGE = `Usage:
  npm run leads:find -- --email ADDRESS     print every lead with that address as JSON
  npm run leads:delete -- --email ADDRESS   delete those leads and their deliveries
  npm run leads:purge                       delete leads submitted more than LEADS_RETENTION_DAYS
                                            (default 730) days ago, with their deliveries

Addresses match whatever their case. The store is PostgreSQL when DATABASE_URL is set,
otherwise the SQLite file at SQLITE_PATH (default ./data/leads.sqlite).`;

const command = process.argv[2];
let args: { email?: string; help?: boolean };
try {
  args = parseArgs({
    args: process.argv.slice(3),
    options: { email: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: false,
  }).values;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help || !['find', 'delete', 'purge'].includes(command ?? '')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(args.help ? 0 : 2);
}
const email = args.email?.trim();
if (command !== 'purge' && !email?.includes('@')) {
  process.stderr.write(`--email ADDRESS is required (an e-mail address).\n\n${USAGE}\n`);
  process.exit(2);
}

/**
 * What the operator deletes by hand: the privacy policy promises that a deleted submission's copies
 * go too, and the site cannot reach into the team's mailbox or CRM.
 */
const deliveredCopies = (ids: readonly string[]) =>
  'Now delete the copies already delivered, as the privacy policy promises: in the team mailbox, the\n' +
  '"Waiting list: ..." messages with that Reply-To address (their X-Lead-Id header is the lead id);\n' +
  'in the CRM, the records the webhook created (their data.id is the lead id). The lead ids:\n' +
  ids.map((id) => `  ${id}\n`).join('');

await runWithStore(`leads:${command}`, async (store, settings) => {
  if (command === 'find') {
    const leads = await store.findByEmail(email ?? '');
    await write(`${JSON.stringify(leads, null, 2)}\n`);
    process.stderr.write(`Found ${leads.length} lead(s) with that address in the ${store.kind} store.\n`);
    return 0;
  }
  if (command === 'delete') {
    // Their ids, read first: the copies already delivered carry them, and the store keeps none after.
    const ids = (await store.findByEmail(email ?? '')).map((lead) => lead.id);
    const { leads, deliveries } = await store.deleteByEmail(email ?? '');
    process.stdout.write(
      `Deleted ${leads} lead(s) and ${deliveries} delivery row(s) with that address from the ${store.kind} store.\n` +
        (leads > 0 ? deliveredCopies(ids) : ''),
    );
    return 0;
  }
  const now = new Date();
  const { leads, deliveries } = await purgeExpired(store, settings.LEADS_RETENTION_DAYS, now);
  process.stdout.write(
    `Purged ${leads} lead(s) and ${deliveries} delivery row(s) submitted before ` +
      `${retentionCutoff(now, settings.LEADS_RETENTION_DAYS).toISOString()} ` +
      `(LEADS_RETENTION_DAYS=${settings.LEADS_RETENTION_DAYS}) from the ${store.kind} store.\n`,
  );
  return 0;
});
