/**
 * The legal texts say `%contact email%` where the site's contact address belongs: plain text, which
 * the editor opens and saves as written.
 */
export const CONTACT_EMAIL_TOKEN = '%contact email%';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces every token in rendered HTML with a mailto link, so the address lives only in the site config. */
export function linkContactEmail(html: string, email: string): string {
  const safe = escapeHtml(email);
  return html.replaceAll(CONTACT_EMAIL_TOKEN, `<a href="mailto:${safe}">${safe}</a>`);
}
