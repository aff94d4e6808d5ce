import { describe, expect, it } from 'vitest';
import { lastUpdated } from '../../../../src/lib/legal/last-updated.ts';
import { CONTACT_EMAIL_TOKEN, linkContactEmail } from '../../../../src/lib/legal/contact-links.ts';

describe('lastUpdated', () => {
  it('gives the ISO day for <time> and the en-US label a visitor reads', () => {
    expect(lastUpdated(new Date('2026-11-22T09:30:00Z'))).toEqual({ iso: '2026-11-22', label: 'November 22, 2026' });
  });

  it('counts the day in UTC, so every server agrees on it', () => {
    expect(lastUpdated(new Date('2026-01-01T23:59:59Z')).label).toBe('January 1, 2026');
    expect(lastUpdated(new Date('2026-01-02T00:00:00+05:00')).iso).toBe('2026-01-01');
  });
});

describe('linkContactEmail', () => {
  it('replaces every token with a mailto link', () => {
    const html = `<p>Write to ${CONTACT_EMAIL_TOKEN}.</p><p>Or ${CONTACT_EMAIL_TOKEN}</p>`;
    expect(linkContactEmail(html, 'privacy@example.com')).toBe(
      '<p>Write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>' +
        '<p>Or <a href="mailto:privacy@example.com">privacy@example.com</a></p>',
    );
  });

  it('escapes the address, which comes from the environment', () => {
    expect(linkContactEmail(CONTACT_EMAIL_TOKEN, 'a"b<c>@example.com')).toBe(
      '<a href="mailto:a&quot;b&lt;c&gt;@example.com">a&quot;b&lt;c&gt;@example.com</a>',
    );
  });

  it('leaves text without the token alone', () => {
    expect(linkContactEmail('<p>No address here.</p>', 'x@example.com')).toBe('<p>No address here.</p>');
  });
});
