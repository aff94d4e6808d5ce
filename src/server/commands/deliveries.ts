/**
 * `npm run leads:deliveries` lists the outbox's pending, failed and dead deliveries: ids, channel,
 * status, attempts, next attempt and last error, never a name or an address.
 *
 *   -- --retry-dead                  puts dead deliveries back in the queue
 *   -- --backfill [--since DATE]     queues the configured team channels for leads stored before
 *                                    they were configured (never the visitor confirmation)
 */
import { parseArgs } from 'node:util';
import { parseSinceDate, runWithStore, write } from './command-line.ts';
import type { DeliveryChannel } from '../leads/types.ts';

const USAGE = `Usage: npm run leads:deliveries -- [--retry-dead | --backfill [--since YYYY-MM-DD]]

  (no option)          list pending, failed and dead deliveries (lead id and channel only)
  --retry-dead         put every dead delivery back in the queue, due now, for another 24 h
  --backfill           queue the configured channels (team e-mail, webhook) for stored leads
                       that have no delivery on them yet
  --since YYYY-MM-DD   with --backfill: only leads submitted on or after that day (UTC)
  --help               show this help`;

let args: { 'retry-dead'?: boolean; backfill?: boolean; since?: string; help?: boolean };
let since: Date | undefined;
try {
  args = parseArgs({
    options: {
      'retry-dead': { type: 'boolean' },
      backfill: { type: 'boolean' },
      since: { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: false,
  }).values;
  if (args['retry-dead'] && args.backfill) throw new Error('Choose one of --retry-dead and --backfill.');
  if (args.since !== undefined && !args.backfill) throw new Error('--since goes with --backfill.');
  since = args.since === undefined ? undefined : parseSinceDate(args.since);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

await runWithStore('leads:deliveries', async (store, settings) => {
  if (args['retry-dead']) {
    const count = await store.retryDead();
    process.stdout.write(`Re-queued ${count} dead deliver${count === 1 ? 'y' : 'ies'}; the server sends them now.\n`);
    return 0;
  }
  if (args.backfill) {
    const channels: DeliveryChannel[] = [];
    if (settings.SMTP_URL && settings.LEADS_NOTIFY_EMAIL) channels.push('team-email');
    if (settings.LEADS_WEBHOOK_URL && settings.LEADS_WEBHOOK_SECRET) channels.push('webhook');
    if (channels.length === 0) {
      process.stderr.write(
        'No team channel is configured (SMTP_URL + LEADS_NOTIFY_EMAIL, or LEADS_WEBHOOK_URL + LEADS_WEBHOOK_SECRET): nothing to queue.\n',
      );
      return 1;
    }
    const count = await store.backfill(channels, since);
    process.stdout.write(`Queued ${count} deliver${count === 1 ? 'y' : 'ies'} on ${channels.join(', ')}.\n`);
    return 0;
  }
  const deliveries = await store.listDeliveries();
  const health = await store.deliveryHealth();
  const lines = deliveries.map((d) =>
    [
      d.id,
      d.leadId,
      d.channel.padEnd(13),
      (d.status === 'pending' && d.attempts > 0 ? 'failed' : d.status).padEnd(7),
      String(d.attempts).padStart(8),
      (d.nextAttemptAt ?? '-').padEnd(24),
      d.lastError ?? '',
    ].join('  '),
  );
  const header = [
    'delivery id'.padEnd(36),
    'lead id'.padEnd(36),
    'channel'.padEnd(13),
    'status ',
    'attempts',
    'next attempt'.padEnd(24),
    'last error',
  ].join('  ');
  await write(
    deliveries.length === 0
      ? 'Nothing pending, failed or dead: every delivery has been sent.\n'
      : `${header}\n${lines.join('\n')}\n\n${health.pending} pending (oldest ${health.oldestPendingSeconds ?? 0} s), ${health.dead} dead.\n` +
          (health.dead > 0
            ? 'Fix the cause (see README, "When deliveries are dead"), then run with --retry-dead.\n'
            : ''),
  );
  return 0;
});
