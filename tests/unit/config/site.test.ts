import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../src/config/site.ts';

describe('site configuration', () => {
  it('has example defaults a deployer replaces', () => {
    const config = loadSiteConfig({});
    expect(config.companyName).toBe('Humanwise Innovation Partners');
    expect(config.shortName).toBe('Humanwise');
    expect(config.contactEmail).toBe('hello@example.com');
    expect(new URL(config.bookingUrl).hostname).toMatch(/example\.com$/);
    expect(config.linkedinUrl).toBe('https://www.linkedin.com/company/example');
    expect(config.siteUrl).toBe('https://www.example.com');
    // The build's year, not a constant: the footer never shows a past year after a rebuild.
    expect(config.copyrightYear).toBe(new Date().getFullYear());
  });

  it('takes every URL and the contact address from the environment', () => {
    const config = loadSiteConfig({
      PUBLIC_BOOKING_URL: 'https://cal.example.org/discovery',
      PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/humanwise',
      SITE_URL: 'https://humanwise.example.org/',
      PUBLIC_CONTACT_EMAIL: 'team@humanwise.example.org',
    });
    expect(config.bookingUrl).toBe('https://cal.example.org/discovery');
    expect(config.linkedinUrl).toBe('https://www.linkedin.com/company/humanwise');
    expect(config.siteUrl).toBe('https://humanwise.example.org');
    expect(config.contactEmail).toBe('team@humanwise.example.org');
  });

  it('ignores blank overrides', () => {
    expect(loadSiteConfig({ SITE_URL: '  ' }).siteUrl).toBe('https://www.example.com');
  });

  it('refuses a URL that is not absolute http(s), naming the variable', () => {
    expect(() => loadSiteConfig({ PUBLIC_BOOKING_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_BOOKING_URL/);
    expect(() => loadSiteConfig({ SITE_URL: 'www.example.com' })).toThrow(/SITE_URL/);
  });

  it('refuses a contact address that is not an e-mail address', () => {
    expect(() => loadSiteConfig({ PUBLIC_CONTACT_EMAIL: 'hello at humanwise' })).toThrow(
      /PUBLIC_CONTACT_EMAIL must be an e-mail address/,
    );
  });
});
