import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { buildTeamEmail, type MailMessage } from '../../../../src/server/delivery/team-email.ts';
import { buildVisitorEmail } from '../../../../src/server/delivery/visitor-email.ts';
import type { StoredLead } from '../../../../src/server/leads/types.ts';
import { validValues } from '../../../support/lead-fixture.ts';
import { parseMail } from '../../../support/delivery-receivers.ts';

const INJECTION = 'x\r\nBcc: victim@example.net\r\nX-Injected: yes\nSubject: forged\r\r\n\r\nbody';

/** A lead with a header-injection attempt in every field, as if validation had let it through. */
function hostileLead(): StoredLead {
  return {
    ...validValues(),
    id: `lead-${INJECTION}`,
    createdAt: `2026-03-01T09:00:00.000Z${INJECTION}`,
    sourceProgram: `ripple-effect${INJECTION}`,
    name: `Eve${INJECTION}`,
    email: `eve@example.org${INJECTION}`,
    companyName: `Evil Corp${INJECTION}`,
    role: `Other${INJECTION}` as StoredLead['role'],
    roleOther: `Chief${INJECTION}`,
    goal: [`Goal${INJECTION}`] as unknown as StoredLead['goal'],
    frustrations: [`Frustration${INJECTION}`] as unknown as StoredLead['frustrations'],
    investment: `$1${INJECTION}` as StoredLead['investment'],
    additionalInfo: `Notes${INJECTION}<script>alert(1)</script>`,
    earlyAccess: true,
  };
}

const ALLOWED_HEADERS = new Set([
  'from',
  'to',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'x-lead-id',
]);

async function render(message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(message);
  return (info.message as Buffer).toString('utf8');
}

const context = {
  from: 'leads@humanwise.example',
  contactEmail: 'hello@humanwise.example',
  to: ['team@humanwise.example', 'partners@humanwise.example'],
  siteUrl: 'https://www.humanwise.example',
  companyName: 'Humanwise Innovation Partners',
  deliveryId: '0b8f5a0e-2f7c-4d39-9b1c-8c3f8d2e6a71',
};

describe('team e-mail', () => {
  it('adds no header, whatever CR/LF sits in any field', async () => {
    const raw = await render(buildTeamEmail(hostileLead(), context));
    const { headers } = parseMail(raw);
    expect([...headers.keys()].filter((name) => !ALLOWED_HEADERS.has(name))).toEqual([]);
    for (const name of ALLOWED_HEADERS) {
      // Not a single mailbox: no Reply-To at all rather than a mangled one.
      expect(headers.get(name) ?? [], name).toHaveLength(name === 'reply-to' ? 0 : 1);
    }
    const headerBlock = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(bcc|x-injected):/im);
    expect(headers.get('to')?.[0]).toBe('team@humanwise.example, partners@humanwise.example');
    expect(headers.get('message-id')?.[0]).toBe(`<${context.deliveryId}@humanwise.example>`);
  });

  it('keeps visitor-visible characters in the body, escaped in HTML', async () => {
    const message = buildTeamEmail(hostileLead(), context);
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).not.toContain('<script>');
    expect(message.text).toContain('<script>alert(1)</script>');
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.replyTo).toBeUndefined();
  });

  it('names the person and company, answers to the lead and carries every answer', async () => {
    const lead: StoredLead = {
      ...validValues({ additionalInfo: 'First line\nSecond line with <tags> & "quotes"', earlyAccess: false }),
      id: '7d7c1f0e-1111-4f00-8000-000000000001',
      createdAt: '2026-03-01T09:00:00.000Z',
      sourceProgram: 'ripple-effect',
    };
    const message = buildTeamEmail(lead, context);
    expect(message.subject).toBe('Waiting list: Dana Whitfield, Northwind Regional Health');
    expect(message.replyTo).toEqual({ name: 'Dana Whitfield', address: 'dana.whitfield@example.com' });
    for (const part of [
      lead.email,
      lead.role,
      ...lead.goal,
      ...lead.frustrations,
      lead.investment,
      'First line\nSecond line with <tags> & "quotes"',
      'https://www.humanwise.example/program/ripple-effect',
      lead.id,
      'Early access: No',
    ]) {
      expect(message.text).toContain(part);
    }
    expect(message.html).toContain('Second line with &lt;tags&gt; &amp; &quot;quotes&quot;');
    const { headers } = parseMail(await render(message));
    expect(headers.get('reply-to')?.[0]).toBe('Dana Whitfield <dana.whitfield@example.com>');
  });

  it('sends no encoded-word a visitor typed into the Reply-To display name', async () => {
    // Decodes to "Admin <admin@humanwise.example>" in a mail client that reads encoded-words.
    const forged = '=?utf-8?B?QWRtaW4gPGFkbWluQGh1bWFud2lzZS5leGFtcGxlPg==?=';
    const message = buildTeamEmail(
      {
        ...validValues(),
        id: 'l1',
        createdAt: '2026-03-01T09:00:00.000Z',
        sourceProgram: null,
        name: `Dana ${forged}`,
      },
      context,
    );
    expect(message.replyTo?.name).not.toContain('=?');
    const { headers } = parseMail(await render(message));
    const replyTo = headers.get('reply-to')?.[0] ?? '';
    expect(replyTo).toMatch(/<dana\.whitfield@example\.com>$/);
    // The name is plain ASCII, so no encoded-word belongs in either header: none may get through.
    const encodedWord = /=\?[^?\s]+\?[bq]\?[^?\s]*\?=/i;
    expect(replyTo).not.toMatch(encodedWord);
    expect(headers.get('subject')?.[0]).not.toMatch(encodedWord);
  });
});

describe('visitor confirmation', () => {
  it('refuses an address that is not a single mailbox', () => {
    expect(() => buildVisitorEmail(hostileLead(), context)).toThrow(/not a single mailbox/);
    expect(() => buildVisitorEmail({ ...hostileLead(), email: 'a@b.example, c@d.example' }, context)).toThrow();
  });

  it('uses a fixed template: nothing the visitor typed but their name, and no injected header', async () => {
    const lead = { ...hostileLead(), email: 'eve@example.org' };
    const message = buildVisitorEmail(lead, context);
    // A name that is not only letters, spaces, hyphens and apostrophes is left out altogether.
    expect(message.text).toMatch(/^Hello,\n/);
    expect(message.text).not.toContain('victim');
    for (const typed of ['Evil Corp', 'Notes', 'Goal', 'Frustration', 'Chief', 'script']) {
      expect(message.text).not.toContain(typed);
      expect(message.html).not.toContain(typed);
    }
    const { headers } = parseMail(await render(message));
    expect([...headers.keys()].filter((name) => !ALLOWED_HEADERS.has(name) && name !== 'reply-to')).toEqual([]);
    expect(headers.get('to')).toEqual(['eve@example.org']);
    expect(headers.has('bcc')).toBe(false);
  });
});

describe('what a visitor confirmation promises', () => {
  it('tells someone whose address was used by another how to have the application deleted', () => {
    const { text } = buildVisitorEmail({ ...hostileLead(), email: 'eve@example.org' }, context);
    expect(text).toContain(
      'If this was not you, write to us at hello@humanwise.example and we will delete the application made with your address.',
    );
    // The application stays stored and the team writes about it: no promise of silence.
    expect(text).not.toMatch(/will not write again/);
    expect(text).toContain('https://www.humanwise.example/privacy-policy');
  });
});

describe('the name in a visitor confirmation', () => {
  const greeting = (name: string) =>
    buildVisitorEmail(
      {
        ...validValues(),
        id: 'l1',
        createdAt: '2026-03-01T09:00:00.000Z',
        sourceProgram: null,
        name,
        email: 'ada@example.org',
      },
      context,
    ).text.split('\n', 1)[0];

  it.each([
    ['Dana Whitfield', 'Dear Dana Whitfield,'],
    ["Siobhán O'Neill-Ng", "Dear Siobhán O'Neill-Ng,"],
    ['  Zoë   Kowalski ', 'Dear Zoë Kowalski,'],
    ['Nguyễn Thị Minh Khai', 'Dear Nguyễn Thị Minh Khai,'],
  ])('%j is greeted by name', (name, expected) => {
    expect(greeting(name)).toBe(expected);
  });

  it.each([
    'Claim your prize at https://evil.example/win',
    'Claim your prize at evil.example',
    'Visit www evil example now',
    'go to http colon slash slash evil',
    'Prize: call +1 555 0100',
    'Ada <ada@evil.example>',
    'A name far longer than forty characters in all',
    '=?utf-8?B?QWRtaW4=?=',
    'Ada\u202eevil',
  ])('%j is not repeated: the greeting carries no text the visitor chose', (name) => {
    expect(greeting(name)).toBe('Hello,');
  });
});
