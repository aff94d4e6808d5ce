/**
 * The privacy policy's promises as commands, on whichever store is configured:
 *
 *   npm run leads:find -- --email ADDRESS     that person's leads as JSON (an access request)
 *   npm run leads:delete -- --email ADDRESS   deletes their leads and every delivery of them
 *   npm run leads:correct -- --email ADDRESS --id LEAD_ID --set FIELD=VALUE...
 *                                             corrects one of their leads in place (a correction
 *                                             request), keeping its submission date
 *   npm run leads:purge                       deletes leads older than LEADS_RETENTION_DAYS
 *
 * Addresses match ignoring case. Only `find` prints personal data, and only to standard output.
 */
import { parseArgs } from 'node:util';
import { waitlistFields } from '../../lib/waitlist/schema.ts';
import { runWithStore, write } from './command-line.ts';
import { applyCorrections, type Corrections, parseCorrections } from './correction.ts';
import { purgeExpired, retentionCutoff, retentionEnd } from '../leads/retention.ts';
import type { StoredLead } from '../leads/types.ts';

const USAGE = `Usage:
  npm run leads:find -- --email ADDRESS     print every lead with that address as JSON
  npm run leads:delete -- --email ADDRESS   delete those leads and their deliveries
  npm run leads:correct -- --email ADDRESS --id LEAD_ID --set FIELD=VALUE [--set ...]
                                            correct the answers of one of those leads (its id as
                                            leads:find prints it) in place: it keeps its id and
                                            submission date, so its deletion date stays the same
  npm run leads:purge                       delete leads submitted more than LEADS_RETENTION_DAYS
                                            (default 730) days ago, with their deliveries

Addresses match whatever their case. The store is PostgreSQL when DATABASE_URL is set,
otherwise the SQLite file at SQLITE_PATH (default ./data/leads.sqlite).

leads:correct's FIELDs are the answers leads:find prints:
  ${waitlistFields.join(', ')}.
The new values must pass the waiting-list form's own rules. goal and frustrations take one
--set per option, and these replace the whole list; earlyAccess takes true or false. Quote
values in single quotes ('$5,000–$10,000'). Nothing is changed unless every value is valid.`;

const command = process.argv[2];
let args: { email?: string; id?: string; set?: string[]; help?: boolean };
try {
  args = parseArgs({
    args: process.argv.slice(3),
    options: {
      email: { type: 'string' },
      id: { type: 'string' },
      set: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
    allowPositionals: false,
  }).values;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help || !['find', 'delete', 'correct', 'purge'].includes(command ?? '')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(args.help ? 0 : 2);
}
/** Stops with exit code 2 and `message` (then the usage): the arguments are wrong. */
const refuse = (message: string): never => {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
};
const email = args.email?.trim();
if (command !== 'purge' && !email?.includes('@')) refuse('--email ADDRESS is required (an e-mail address).');
// `leads:delete --email A --id X` must not read as "delete only X": it would delete every lead of A.
if (command !== 'correct' && (args.id !== undefined || args.set !== undefined)) {
  refuse(`--id and --set belong to leads:correct; leads:${command} does not take them.`);
}
const id = args.id?.trim() ?? '';
let corrections: Corrections = {};
if (command === 'correct') {
  if (id === '') refuse('--id LEAD_ID is required: the id of the submission to correct, as leads:find prints it.');
  const parsed = parseCorrections(args.set ?? []);
  if (!parsed.ok) refuse(`Nothing was changed.\n${parsed.problems.join('\n')}`);
  else corrections = parsed.value;
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

/** Why the submission to correct was not found, and how to find the right id. */
const unknownSubmission = (leads: readonly StoredLead[], kind: string) =>
  `Nothing was changed: no submission ${id} with that address in the ${kind} store.\n` +
  (leads.length === 0
    ? 'That address has no submission at all.\n'
    : `That address has ${leads.length} (id, submitted):\n${leads.map((lead) => `  ${lead.id}  ${lead.createdAt}\n`).join('')}`);

/**
 * What the correction cannot reach: the privacy policy promises that the copies delivered to the
 * team are corrected too, and the site can neither edit a message in the team's mailbox nor a
 * record in the CRM. Re-sending would not correct them either: a receiver drops a repeated
 * webhook-id, and a new message would sit beside the old one.
 */
const copiesToCorrect = (leadId: string, changed: readonly string[]) =>
  'Copies delivered before now still hold the old answers, and this command cannot change them.\n' +
  'As the privacy policy promises, correct them by hand:\n' +
  `- in the team mailbox, delete the "Waiting list: ..." message whose X-Lead-Id header is ${leadId}\n` +
  '  (a message cannot be edited; leads:find prints the corrected answers);\n' +
  `- in the CRM, correct the record the webhook created (its data.id is ${leadId}): ${changed.join(', ')}.\n` +
  'Deliveries of it not sent yet go out with the corrected answers.\n';

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
  if (command === 'correct') {
    // Found as find and delete find a person, then narrowed to the one submission named.
    const leads = await store.findByEmail(email ?? '');
    const lead = leads.find((candidate) => candidate.id === id);
    if (!lead) {
      process.stderr.write(unknownSubmission(leads, store.kind));
      return 1;
    }
    const correction = applyCorrections(lead, corrections);
    if (!correction.ok) {
      process.stderr.write(`Nothing was changed: the corrected answers would not pass the form's rules.\n`);
      process.stderr.write(`${correction.problems.join('\n')}\n`);
      return 2;
    }
    const { values, changed } = correction.value;
    if (changed.length === 0) {
      process.stdout.write(`Nothing to change: submission ${id} already holds these answers.\n`);
      return 0;
    }
    const corrected = await store.correct(id, values);
    if (!corrected) {
      // Deleted since it was read, by a deletion request or the retention purge.
      process.stderr.write(
        `Nothing was changed: submission ${id} was deleted from the ${store.kind} store meanwhile.\n`,
      );
      return 1;
    }
    const deletion = retentionEnd(new Date(corrected.createdAt), settings.LEADS_RETENTION_DAYS);
    process.stdout.write(
      `Corrected submission ${id} in the ${store.kind} store: ${changed.join(', ')}.\n` +
        `It keeps its submission date, ${corrected.createdAt}, so it is still deleted after ` +
        `${deletion.toISOString()} (LEADS_RETENTION_DAYS=${settings.LEADS_RETENTION_DAYS}).\n` +
        copiesToCorrect(id, changed),
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
