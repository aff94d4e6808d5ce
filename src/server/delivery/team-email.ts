/**
 * The message that tells the team about a new lead: plain text plus simple HTML, every value
 * escaped, Reply-To the visitor. Built from the stored lead when the delivery is sent.
 */
import type { Address } from 'nodemailer/lib/mailer/index.js';
import { routes } from '../../config/routes.ts';
import type { StoredLead } from '../leads/types.ts';
import { bareAddress, bodyText, escapeHtml, headerText, oneLine } from './text.ts';

export interface MailMessage {
  from: Address;
  to: string[];
  replyTo?: Address;
  subject: string;
  text: string;
  html: string;
  /** Stable across retries: the same delivery always carries the same Message-ID. */
  messageId: string;
  headers: Record<string, string>;
}

export interface TeamEmailContext {
  from: string;
  to: readonly string[];
  /** Public origin, to link the program page the lead came from. */
  siteUrl: string;
  companyName: string;
  deliveryId: string;
}

function rows(lead: StoredLead, siteUrl: string): [label: string, value: string][] {
  const role = lead.role === 'Other' && lead.roleOther ? `Other: ${lead.roleOther}` : lead.role;
  return [
    ['Name', lead.name],
    ['Work email', lead.email],
    ['Company', lead.companyName],
    ['Role', role],
    ['Goals', lead.goal.map((g) => `- ${g}`).join('\n')],
    ['Frustrations', lead.frustrations.map((f) => `- ${f}`).join('\n')],
    ['Investment', lead.investment],
    ['Early access', lead.earlyAccess === undefined ? 'Not answered' : lead.earlyAccess ? 'Yes' : 'No'],
    ['Came from', lead.sourceProgram ? `${siteUrl}${routes.program(lead.sourceProgram)}` : 'The waiting-list page'],
    ['Notes', lead.additionalInfo ? bodyText(lead.additionalInfo) : 'None'],
    ['Submitted', lead.createdAt],
    ['Lead id', lead.id],
  ];
}

export function messageDomain(address: string): string {
  return bareAddress(address)?.split('@')[1] ?? 'localhost';
}

/** A configured address (validated by the settings); a bad one is a configuration error. */
export function configuredAddress(value: string): string {
  const address = bareAddress(value);
  if (!address) throw new Error('A configured e-mail address is not a single mailbox.');
  return address;
}

export function buildTeamEmail(lead: StoredLead, context: TeamEmailContext): MailMessage {
  const name = oneLine(lead.name, 100);
  const company = oneLine(lead.companyName, 100);
  const table = rows(lead, context.siteUrl);
  const text = [
    `${name} of ${company} joined the waiting list.`,
    '',
    ...table.map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`)),
    '',
    `Reply to this message to answer ${name} directly.`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p><strong>${escapeHtml(name)}</strong> of <strong>${escapeHtml(company)}</strong> joined the waiting list.</p>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...table.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p>Reply to this message to answer ${escapeHtml(name)} directly.</p>`,
    '</body></html>',
  ].join('\n');
  const replyTo = bareAddress(lead.email);
  return {
    from: { name: oneLine(`${context.companyName} website`), address: configuredAddress(context.from) },
    to: context.to.map(configuredAddress),
    // The schema only stores single mailboxes; anything else simply gets no Reply-To.
    ...(replyTo ? { replyTo: { name: headerText(name), address: replyTo } } : {}),
    subject: headerText(`Waiting list: ${name}, ${company}`, 200),
    text,
    html,
    messageId: `<${context.deliveryId}@${messageDomain(context.from)}>`,
    headers: { 'X-Lead-Id': lead.id },
  };
}
