/** Shared by the message builders: values typed by a visitor, made safe for where they go. */

/**
 * One line for a header or a subject: every control character (CR, LF, tab, NUL, ...) and the
 * Unicode line and paragraph separators become a space, so no value can start a header of its own.
 * nodemailer encodes the result (RFC 2047) and folds it; this is belt and braces.
 */
export function oneLine(value: string, max = 200): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const flat = value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * A display name for a header (Reply-To, Subject): one line, without the `=?` and `?=` that open
 * and close an RFC 2047 encoded-word. A visitor's name sent as ASCII is written into the header
 * as typed, and a mail client would decode an encoded-word in it, showing text the visitor
 * chose (`Admin <admin@...>`) in place of their name.
 */
export function headerText(value: string, max = 200): string {
  return oneLine(value.replace(/=\?|\?=/g, ' '), max).replace(/ {2,}/g, ' ');
}

// One mailbox and nothing else: no whitespace, no control characters, none of the characters that
// make address lists, groups, comments or display names in a header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a mailbox must not hold
const MAILBOX = /^[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f]+@[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f]+$/;

/** The address when it is exactly one mailbox (the schema's addresses always are), else null. */
export function bareAddress(value: string): string | null {
  const trimmed = value.trim();
  return MAILBOX.test(trimmed) ? trimmed : null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Body text as it was typed, with every kind of line break as \n (nodemailer writes CRLF). */
export function bodyText(value: string): string {
  return value.replace(/\r\n?|\u2028|\u2029/g, '\n');
}
