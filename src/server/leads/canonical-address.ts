/**
 * One spelling per mailbox, for the rule that sends a visitor at most one confirmation a day:
 * `Target+1@Example.com`, `TARGET+3@EXAMPLE.COM.` and `target@example.com` are one person's
 * inbox at nearly every provider, and `bücher.example` is `xn--bcher-kva.example`. Used only to
 * compare; the lead keeps the address exactly as typed.
 */
import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';

export function canonicalAddress(email: string): string {
  const trimmed = email.trim().normalize('NFKC');
  const at = trimmed.lastIndexOf('@');
  if (at === -1) return trimmed.toLowerCase();
  // Sub-addressing: everything from the first + is a tag the mailbox ignores.
  const local = trimmed.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  const domain = trimmed
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  return `${local}@${domainToASCII(domain) || domain}`;
}

/**
 * What the outbox keeps to apply that rule: a hash of the canonical address, so the outbox still
 * holds no copy of a lead's data (and a deleted lead takes its rows with it).
 */
export function recipientKey(email: string): string {
  return createHash('sha256').update(canonicalAddress(email)).digest('hex');
}
