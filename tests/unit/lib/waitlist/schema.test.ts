import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  fieldLabels,
  frustrationOptions,
  goalOptions,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  investmentOptions,
  PROGRAM_SLUG_PATTERN,
  roleOptions,
  validateWaitlist,
  WAITLIST_STEP_COUNT,
  waitlistFields,
  waitlistSchema,
  waitlistStepFields,
  waitlistStepSchemas,
  waitlistStepTitles,
} from '../../../../src/lib/waitlist/schema.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';

const errorsFor = (overrides: Record<string, unknown>) => {
  const result = validateWaitlist(validSubmission(overrides));
  return result.ok ? {} : result.errors;
};
const without = (field: string) => {
  const input = validSubmission();
  delete input[field];
  return input;
};
const text = (length: number, char = 'a') => char.repeat(length);
/** A syntactically valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${text(length - '@example.com'.length, 'b')}@example.com`;

/** The spec's message for every required field of an empty form: the same for the server and the wizard. */
const EMPTY_FORM_ERRORS = {
  name: 'Name is required',
  email: 'Invalid email address',
  companyName: 'Company name is required',
  role: 'Please select an option',
  goal: 'Please select at least one option',
  frustrations: 'Please select at least one frustration',
  investment: 'Please select an option',
};

describe('option lists', () => {
  it('has the six roles, in order', () => {
    expect(roleOptions).toEqual([
      'Innovation Leader',
      'CX/EX/Brand Experience Leader',
      'Product Strategy or Design Leader',
      'Small Business Founder or Owner',
      'Executive',
      'Other',
    ]);
  });

  it('has the five investment bands, with en dashes', () => {
    expect(investmentOptions).toEqual([
      'Under $2,500',
      '$2,500–$5,000',
      '$5,000–$10,000',
      '$10,000–$25,000',
      '$25,000+',
    ]);
    for (const band of investmentOptions.slice(1, 4)) expect(band).toContain('\u2013');
    expect(investmentOptions.join('')).not.toContain('-');
  });

  it('has six goals covering the spec summaries', () => {
    expect(goalOptions).toHaveLength(6);
    const all = goalOptions.join('\n').toLowerCase();
    for (const topic of ['ai strategy', 'human', 'experimentation', 'burning out', 'working systems', 'community']) {
      expect(all).toContain(topic);
    }
  });

  it('has eight frustrations covering the spec summaries', () => {
    expect(frustrationOptions).toHaveLength(8);
    const all = frustrationOptions.join('\n').toLowerCase();
    for (const topic of [
      'follow-through',
      'aligned',
      'funding innovation',
      'tools and data',
      'momentum after workshops',
      'human connection',
      'return on innovation',
      'too slowly',
    ]) {
      expect(all).toContain(topic);
    }
  });

  it('keeps every option unique, single-line and free of the CSV list separator', () => {
    for (const list of [roleOptions, goalOptions, frustrationOptions, investmentOptions]) {
      expect(new Set(list).size).toBe(list.length);
      for (const option of list) {
        expect(option).toBe(option.trim());
        expect(option).not.toMatch(/[;\n]/);
        expect(option.length).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe('labels and steps', () => {
  it('labels every field as agreed', () => {
    expect(Object.fromEntries(Object.entries(fieldLabels).map(([k, v]) => [k, v.label]))).toEqual({
      name: 'Full name',
      email: 'Work email',
      companyName: 'Company name',
      role: 'Your role',
      roleOther: 'Tell us your role',
      goal: 'What do you want to achieve?',
      frustrations: 'What frustrates you most today?',
      investment: 'What are you prepared to invest?',
      additionalInfo: 'Anything else we should know?',
      earlyAccess: "I'd like early access to new programs and resources",
    });
  });

  it('spreads the fields over five steps as the spec says', () => {
    expect(WAITLIST_STEP_COUNT).toBe(5);
    expect(waitlistStepFields).toEqual([
      ['name', 'email', 'companyName', 'role', 'roleOther'],
      ['goal'],
      ['frustrations'],
      ['investment'],
      ['additionalInfo', 'earlyAccess'],
    ]);
    expect(waitlistStepTitles).toHaveLength(WAITLIST_STEP_COUNT);
    expect(waitlistStepFields.flat().toSorted()).toEqual([...waitlistFields].toSorted());
  });

  it("checks each step's fields alone, with the whole schema's rules and messages", () => {
    waitlistStepSchemas.forEach((stepSchema, step) => {
      expect(Object.keys(stepSchema.shape)).toEqual(waitlistStepFields[step]);
      expect(stepSchema.safeParse(validSubmission()).success).toBe(true);
    });
    // Step 1 passes whatever the later steps hold, and fails on its own fields' rules.
    expect(waitlistStepSchemas[0]!.safeParse(validSubmission({ goal: [] })).success).toBe(true);
    const refused = waitlistStepSchemas[0]!.safeParse(validSubmission({ email: 'not-an-address' }));
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', errorsFor({ email: 'not-an-address' }).email],
    ]);
    expect(waitlistStepSchemas[1]!.safeParse(validSubmission({ goal: [] })).success).toBe(false);
  });
});

describe('a complete submission', () => {
  it('is valid and comes back trimmed', () => {
    const result = validateWaitlist(
      validSubmission({ name: '  Dana Whitfield ', email: ' dana@example.com\t', companyName: ' Northwind ' }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.name).toBe('Dana Whitfield');
    expect(result.data.email).toBe('dana@example.com');
    expect(result.data.companyName).toBe('Northwind');
  });

  it('needs only the required fields', () => {
    const input = validSubmission();
    delete input.roleOther;
    delete input.additionalInfo;
    delete input.earlyAccess;
    expect(validateWaitlist(input).ok).toBe(true);
  });

  it('reports every required field of an empty form with its spec message', () => {
    const result = validateWaitlist({});
    expect(result).toEqual({ ok: false, errors: EMPTY_FORM_ERRORS });
  });

  it('treats input that is not an object as an empty form', () => {
    for (const input of [null, undefined, 'text', 42, ['a']]) {
      const result = validateWaitlist(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.name).toBe('Name is required');
    }
  });
});

describe('name', () => {
  it.each([[''], ['   '], [undefined]])('is required (%j)', (value) => {
    expect(errorsFor({ name: value }).name).toBe('Name is required');
  });
  it('is required when missing', () => {
    const result = validateWaitlist(without('name'));
    expect(result.ok || result.errors.name).toBe('Name is required');
  });
  it('allows 100 characters and refuses 101', () => {
    expect(errorsFor({ name: text(100) }).name).toBeUndefined();
    expect(errorsFor({ name: text(101) }).name).toBe('Name must be less than 100 characters');
  });
  it('counts length after trimming', () => {
    expect(errorsFor({ name: `   ${text(100)}   ` }).name).toBeUndefined();
  });
  it('accepts accents, other scripts and emoji', () => {
    for (const name of ['Zoë Ødegård', 'José Núñez-García', '李小龍', 'Ana 🌱', "Seán O'Brien"]) {
      expect(errorsFor({ name }).name).toBeUndefined();
    }
  });
  it('refuses control characters, direction overrides and broken surrogates', () => {
    for (const name of ['Dana\u0000', 'Da\u0007na', 'Dana\u001bWhit', 'Dana\u202eevil', 'Dana\uD800', 'Dana\u2028X']) {
      expect(errorsFor({ name }).name).toBe('Name contains characters we cannot accept');
    }
  });
});

describe('email', () => {
  it.each([[''], ['   '], ['dana'], ['dana@'], ['@example.com'], ['dana@example'], ['da na@example.com'], [42]])(
    'must be a valid address (%j)',
    (value) => {
      expect(errorsFor({ email: value }).email).toBe('Invalid email address');
    },
  );
  it('is reported as invalid when missing', () => {
    const result = validateWaitlist(without('email'));
    expect(result.ok || result.errors.email).toBe('Invalid email address');
  });
  it('allows 255 characters and refuses 256', () => {
    expect(emailOfLength(255)).toHaveLength(255);
    expect(errorsFor({ email: emailOfLength(255) }).email).toBeUndefined();
    expect(errorsFor({ email: emailOfLength(256) }).email).toBe('Email must be less than 255 characters');
  });
  it('is trimmed before it is checked', () => {
    expect(errorsFor({ email: `  ${emailOfLength(255)}  ` }).email).toBeUndefined();
  });
});

describe('companyName', () => {
  it.each([[''], ['  '], [undefined]])('is required (%j)', (value) => {
    expect(errorsFor({ companyName: value }).companyName).toBe('Company name is required');
  });
  it('allows 200 characters and refuses 201', () => {
    expect(errorsFor({ companyName: text(200) }).companyName).toBeUndefined();
    expect(errorsFor({ companyName: text(201) }).companyName).toBe('Company name must be less than 200 characters');
  });
  it('refuses control characters', () => {
    expect(errorsFor({ companyName: 'North\u0000wind' }).companyName).toBe(
      'Company name contains characters we cannot accept',
    );
  });
});

describe('role and roleOther', () => {
  it.each([[''], ['CEO'], [undefined], [null], [3]])('role must be one of the options (%j)', (value) => {
    expect(errorsFor({ role: value }).role).toBe('Please select an option');
  });
  it('accepts every role option', () => {
    for (const role of roleOptions) expect(validateWaitlist(validSubmission({ role })).ok).toBe(true);
  });
  it('keeps roleOther optional, even when the role is Other', () => {
    const input = validSubmission({ role: 'Other' });
    delete input.roleOther;
    expect(validateWaitlist(input).ok).toBe(true);
    expect(validateWaitlist(validSubmission({ role: 'Other', roleOther: '' })).ok).toBe(true);
    expect(validateWaitlist(validSubmission({ role: 'Other', roleOther: 'Chief of staff' })).ok).toBe(true);
  });
  it('caps roleOther at 200 characters', () => {
    expect(errorsFor({ roleOther: text(200) }).roleOther).toBeUndefined();
    expect(errorsFor({ roleOther: text(201) }).roleOther).toBe('Role must be less than 200 characters');
  });
});

describe('goal', () => {
  it.each([[[]], [undefined], ['not a list'], [['Something else']], [[goalOptions[0], 'Something else']], [[1]]])(
    'needs at least one of the options (%j)',
    (value) => {
      expect(errorsFor({ goal: value }).goal).toBe('Please select at least one option');
    },
  );
  it('accepts every option, alone and all together', () => {
    for (const goal of goalOptions) expect(validateWaitlist(validSubmission({ goal: [goal] })).ok).toBe(true);
    expect(validateWaitlist(validSubmission({ goal: [...goalOptions] })).ok).toBe(true);
  });
  it('drops repeated choices', () => {
    const result = validateWaitlist(validSubmission({ goal: [goalOptions[1], goalOptions[1], goalOptions[2]] }));
    expect(result.ok && result.data.goal).toEqual([goalOptions[1], goalOptions[2]]);
  });
});

describe('frustrations', () => {
  it.each([[[]], [undefined], [['Something else']], [{}]])('needs at least one of the options (%j)', (value) => {
    expect(errorsFor({ frustrations: value }).frustrations).toBe('Please select at least one frustration');
  });
  it('accepts every option, alone and all together', () => {
    for (const f of frustrationOptions) expect(validateWaitlist(validSubmission({ frustrations: [f] })).ok).toBe(true);
    expect(validateWaitlist(validSubmission({ frustrations: [...frustrationOptions] })).ok).toBe(true);
  });
});

describe('investment', () => {
  it.each([[''], [undefined], ['$1,000,000'], ['$2,500-$5,000']])('must be one of the bands (%j)', (value) => {
    expect(errorsFor({ investment: value }).investment).toBe('Please select an option');
  });
  it('accepts every band', () => {
    for (const investment of investmentOptions) expect(validateWaitlist(validSubmission({ investment })).ok).toBe(true);
  });
});

describe('additionalInfo and earlyAccess', () => {
  it('caps additional information at 2000 characters', () => {
    expect(errorsFor({ additionalInfo: text(2000) }).additionalInfo).toBeUndefined();
    expect(errorsFor({ additionalInfo: text(2001) }).additionalInfo).toBe(
      'Additional information must be less than 2000 characters',
    );
  });
  it('allows line breaks and tabs in additional information but not other control characters', () => {
    expect(errorsFor({ additionalInfo: 'Line one\r\nLine two\n\tIndented' }).additionalInfo).toBeUndefined();
    expect(errorsFor({ additionalInfo: 'Bell\u0007' }).additionalInfo).toBe(
      'Additional information contains characters we cannot accept',
    );
  });
  it('takes earlyAccess as an optional boolean', () => {
    expect(validateWaitlist(validSubmission({ earlyAccess: false })).ok).toBe(true);
    expect(errorsFor({ earlyAccess: 'yes' }).earlyAccess).toBeDefined();
  });
});

describe('validateWaitlist', () => {
  it('gives only the first message for a field', () => {
    const result = validateWaitlist(validSubmission({ name: `${text(150)}\u0000` }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ name: 'Name must be less than 100 characters' });
  });
  it('ignores fields the schema does not know (the server is strict about them itself)', () => {
    expect(validateWaitlist(validSubmission({ extra: 'x' })).ok).toBe(true);
  });
});

describe('react-hook-form resolver', () => {
  it('gives the spec messages through zodResolver', async () => {
    const resolver = zodResolver(waitlistSchema);
    const result = await resolver(
      { name: '  ', email: 'nope', companyName: '', role: '', goal: [], frustrations: [], investment: '' } as never,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    const messages = Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
    );
    expect(messages).toEqual(EMPTY_FORM_ERRORS);
  });

  it('returns trimmed values for a valid form', async () => {
    const resolver = zodResolver(waitlistSchema);
    const result = await resolver(validSubmission({ name: ' Dana ' }) as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({});
    expect((result.values as { name: string }).name).toBe('Dana');
  });
});

describe('transport constants', () => {
  it('names the honeypot field', () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });
  it('accepts idempotency keys of 8 to 128 safe characters', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(crypto.randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('abc_DEF-12')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test(text(8))).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test(text(128))).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test(text(7))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test(text(129))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has space1')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('semi;colon')).toBe(false);
  });
  it('accepts program slugs only', () => {
    expect(PROGRAM_SLUG_PATTERN.test('ripple-effect')).toBe(true);
    expect(PROGRAM_SLUG_PATTERN.test('Ripple')).toBe(false);
    expect(PROGRAM_SLUG_PATTERN.test('')).toBe(false);
    expect(PROGRAM_SLUG_PATTERN.test(text(61))).toBe(false);
  });
});
