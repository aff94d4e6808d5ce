/**
 * The optional confirmation to the visitor (LEADS_CONFIRM_VISITOR=1). A fixed template: nothing
 * the visitor typed appears in it, except a name that can only be a name (see `greetingName`), so
 * the form cannot be used to send someone else a message of the sender's choosing. At most one per
 * canonical address per 24 h, and at most LEADS_CONFIRM_MAX_PER_HOUR site-wide (the store sees to
 * both).
 */
import type { StoredLead } from '../leads/types.ts';
import type { MailMessage } from './team-email.ts';
import { configuredAddress, messageDomain } from './team-email.ts';
import { bareAddress, escapeHtml, oneLine } from './text.ts';
import { DeliveryError } from './delivery-error.ts';

export interface VisitorEmailContext {
  from: string;
  /** Where a visitor writes to have their data deleted (the privacy policy's address). */
  contactEmail: string;
  companyName: string;
  siteUrl: string;
  deliveryId: string;
}

/** Letters (with their accents), then letters, spaces, hyphens and apostrophes: 40 characters at most. */
const NAME_ONLY = /^\p{L}[\p{L}\p{M} '’-]{0,39}$/u;
/** Words that make text read as an address even without dots or slashes ("www evil example"). */
const URL_LIKE = /https?|www|ftp|mailto|\b(com|net|org|io)\b/i;

/**
 * The visitor's name when it can only be a name; otherwise null and the greeting names nobody.
 * The relay attack sent "Dear Claim your prize at https://evil.example/..." to strangers.
 */
function greetingName(raw: string): string | null {
  const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  return NAME_ONLY.test(name) && !URL_LIKE.test(name) ? name : null;
}

export function buildVisitorEmail(lead: StoredLead, context: VisitorEmailContext): MailMessage {
  const name = greetingName(lead.name);
  const to = bareAddress(lead.email);
  if (!to) throw new DeliveryError('the address is not a single mailbox', { permanent: true });
  const paragraphs = [
    name ? `Dear ${name},` : 'Hello,',
    `Thank you for joining the ${context.companyName} waiting list. Your answers have reached our team.`,
    'We read every application ourselves. One of us will write to you soon about the next step, which is usually a ' +
      'short introductory call to hear what you are working on. There is nothing you need to do until then.',
    // Someone else may have used this address: the application stays stored and the team will write
    // about it, so the only honest way out is deletion, not a promise of silence.
    `If this was not you, write to us at ${context.contactEmail} and we will delete ` +
      `the application made with your address. Our privacy policy explains what we keep and how to have it deleted: ` +
      `${context.siteUrl}/privacy-policy`,
    `Warm regards,\nThe ${context.companyName} team`,
  ];
  return {
    from: { name: oneLine(context.companyName), address: configuredAddress(context.from) },
    to: [to],
    subject: `You're on the ${context.companyName} waiting list`,
    text: paragraphs.join('\n\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`),
      '</body></html>',
    ].join('\n'),
    messageId: `<${context.deliveryId}@${messageDomain(context.from)}>`,
    headers: { 'X-Lead-Id': lead.id },
  };
}
