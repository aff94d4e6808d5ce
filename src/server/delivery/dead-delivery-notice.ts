/**
 * A dead delivery reaches a person without any dashboard: when a delivery dies on one channel,
 * the team is told through the other one. The webhook died: an e-mail to the team ("a lead could
 * not be delivered to your CRM"). The team's e-mail died: a
 * `lead.delivery_failed` webhook event. Each carries the lead's id, the delivery's id, its last
 * error and the command that retries it: no name, address or answer of the visitor. With a single
 * channel there is no other one: the error log line and the metric are the signal.
 */
import type { DeliveryChannel } from '../leads/types.ts';
import { backoffStep, type DeliverySchedule } from './schedule.ts';
import type { DeliveryEvent } from './worker.ts';
import { configuredAddress, type MailMessage, messageDomain } from './team-email.ts';
import { escapeHtml, oneLine } from './text.ts';

/** What the worker knows of a delivery it has just given up. */
export interface DeadDelivery {
  deliveryId: string;
  leadId: string;
  channel: DeliveryChannel;
  attempts: number;
  /**
   * ISO 8601: when this round of attempts began. `--retry-dead` starts a new round, so a delivery
   * that dies again is a new death, told under a new notice id.
   */
  firstAttemptAt: string;
  /** The last attempt's error: a status or code, never a message a receiver could fill with data. */
  error: string;
}

/** The dead delivery a worker event reports, or undefined for any other event. */
export function deadDeliveryOf(event: DeliveryEvent): DeadDelivery | undefined {
  if (event.event !== 'dead' || !event.delivery || !event.lead || !event.channel || !event.firstAttemptAt) {
    return undefined;
  }
  return {
    deliveryId: event.delivery,
    leadId: event.lead,
    channel: event.channel,
    attempts: event.attempt ?? 0,
    firstAttemptAt: event.firstAttemptAt,
    error: event.error ?? 'unknown error',
  };
}

export const RETRY_DEAD_COMMAND = 'npm run leads:deliveries -- --retry-dead';

const channelNames: Record<DeliveryChannel, string> = {
  'team-email': "the team's e-mail",
  webhook: 'your CRM (the webhook)',
  'visitor-email': "the visitor's confirmation e-mail",
};

/** The channel that tells the team about `dead`, among those configured; undefined when none can. */
export function noticeChannel(
  dead: DeliveryChannel,
  enabled: readonly DeliveryChannel[],
): 'team-email' | 'webhook' | undefined {
  if (dead === 'webhook') return enabled.includes('team-email') ? 'team-email' : undefined;
  return enabled.includes('webhook') ? 'webhook' : undefined;
}

/** Further tries of a notice that failed, on the deliveries' own first waits (30 s ... 30 min). */
export const NOTICE_RETRIES = 4;

/**
 * Tells the team of a dead delivery: `notify` sends the notice (Channels.notifyDead). Tried once,
 * a notice the other channel could not take at that moment (a mail server's 421, a receiver
 * restarting) was lost, and with it the only word anyone got of the dead delivery; so a failed
 * notice is tried again after the schedule's first waits, `onRetry` told of each failure. Resolves
 * with what `notify` did; rejects with the last error once every try failed. In memory only: the
 * dead delivery itself stays in the store, /healthz and the metrics whatever becomes of this.
 */
export async function tellOfDeadDelivery<T>(
  notify: () => Promise<T>,
  schedule: Pick<DeliverySchedule, 'backoffMs'>,
  onRetry?: (error: unknown, waitMs: number) => void,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await notify();
    } catch (error) {
      if (retry >= NOTICE_RETRIES) throw error;
      const waitMs = backoffStep(schedule, retry + 1);
      onRetry?.(error, waitMs);
      // Unref'd: a notice waiting to be tried again never holds the process open at shutdown.
      await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    }
  }
}

/**
 * One id per death: the same for a repeat of one notice (another instance reporting the same
 * round), so the receiver drops it, and new when a delivery sent again with `--retry-dead` dies
 * again. Receivers drop repeats by webhook-id and mail services by Message-ID: an id made of the
 * delivery id alone had the second death's notice dropped as a repeat of the first.
 */
export const noticeId = (dead: DeadDelivery) => `${dead.deliveryId}-failed-${Date.parse(dead.firstAttemptAt)}`;

export function buildDeadDeliveryEmail(
  dead: DeadDelivery,
  context: { from: string; to: readonly string[]; companyName: string },
): MailMessage {
  const where = dead.channel === 'webhook' ? 'your CRM' : channelNames[dead.channel];
  // One paragraph per entry: mail clients wrap the text, the HTML part has one <p> each.
  const paragraphs = [
    `A lead could not be delivered to ${where}: every attempt for 24 hours failed, and the site has stopped trying.`,
    [
      `Lead id: ${dead.leadId}`,
      `Delivery id: ${dead.deliveryId}`,
      `Channel: ${channelNames[dead.channel]}`,
      `Attempts: ${dead.attempts}`,
      `Last error: ${oneLine(dead.error, 200)}`,
    ].join('\n'),
    'The lead is stored: "npm run leads:export" has it. Fix the cause ("npm run leads:deliveries" lists each ' +
      'failing delivery; the README\'s "When deliveries are dead" says what each error means), then send it ' +
      'again, with its original id:',
  ];
  const text = [...paragraphs, `    ${RETRY_DEAD_COMMAND}`].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`),
    `<pre>${escapeHtml(RETRY_DEAD_COMMAND)}</pre>`,
    '</body></html>',
  ].join('\n');
  return {
    from: { name: oneLine(`${context.companyName} website`), address: configuredAddress(context.from) },
    to: context.to.map(configuredAddress),
    subject: `A lead could not be delivered to ${where} (lead ${dead.leadId})`,
    text,
    html,
    messageId: `<${noticeId(dead)}@${messageDomain(context.from)}>`,
    headers: { 'X-Lead-Id': dead.leadId },
  };
}

/** The `lead.delivery_failed` event's JSON body (Standard Webhooks' `{ type, timestamp, data }`). */
export function deadDeliveryWebhookBody(dead: DeadDelivery, at: Date): string {
  return JSON.stringify({
    type: 'lead.delivery_failed',
    timestamp: at.toISOString(),
    data: {
      leadId: dead.leadId,
      deliveryId: dead.deliveryId,
      channel: dead.channel,
      attempts: dead.attempts,
      error: dead.error,
      retryCommand: RETRY_DEAD_COMMAND,
    },
  });
}
