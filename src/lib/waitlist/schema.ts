/**
 * The waiting-list form: fields, options, labels, rules and messages.
 *
 * Shared by the browser (the wizard dialog, through react-hook-form's zod resolver) and the server
 * (src/server/waitlist), so both always agree. Browser-safe: it imports only `zod/mini` and nothing
 * from Node, and it stays small because it ships in the dialog's bundle.
 */
import * as z from 'zod/mini';

/* ------------------------------------------------------------------------------------------------
 * Options
 * --------------------------------------------------------------------------------------------- */

export const roleOptions = [
  'Innovation Leader',
  'CX/EX/Brand Experience Leader',
  'Product Strategy or Design Leader',
  'Small Business Founder or Owner',
  'Executive',
  'Other',
] as const;

export const goalOptions = [
  'Build a clear AI strategy for my organization',
  'Decide which customer and employee touchpoints should be human and which should be AI',
  'Put an experimentation framework in place so we can test ideas quickly',
  'Accelerate innovation without burning out my team',
  'Turn strategy into working systems, tools and processes',
  'Join a community of peers who lead human-centered innovation',
] as const;

export const frustrationOptions = [
  'We have too many ideas and too little follow-through',
  'Our leaders and teams are not aligned on what matters most',
  'Leadership is not funding innovation',
  'We are drowning in tools and data',
  'We lose momentum after workshops',
  'We want to integrate AI without losing the human connection',
  'It is hard to prove the return on innovation',
  'We are moving too slowly',
] as const;

export const investmentOptions = [
  'Under $2,500',
  '$2,500–$5,000',
  '$5,000–$10,000',
  '$10,000–$25,000',
  '$25,000+',
] as const;

/* ------------------------------------------------------------------------------------------------
 * Limits and messages (spec section 5, word for word where the spec gives them)
 * --------------------------------------------------------------------------------------------- */

export const WAITLIST_LIMITS = {
  name: 100,
  email: 255,
  companyName: 200,
  roleOther: 200,
  additionalInfo: 2000,
} as const;

const waitlistMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  nameCharacters: 'Name contains characters we cannot accept',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name must be less than 200 characters',
  companyNameCharacters: 'Company name contains characters we cannot accept',
  roleRequired: 'Please select an option',
  roleOtherTooLong: 'Role must be less than 200 characters',
  roleOtherCharacters: 'Role contains characters we cannot accept',
  goalRequired: 'Please select at least one option',
  frustrationsRequired: 'Please select at least one frustration',
  investmentRequired: 'Please select an option',
  additionalInfoTooLong: 'Additional information must be less than 2000 characters',
  additionalInfoCharacters: 'Additional information contains characters we cannot accept',
  earlyAccessInvalid: 'Please check the box or leave it empty',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Labels and steps
 * --------------------------------------------------------------------------------------------- */

/** The form's fields, in order: the keys of `waitlistSchema` below, the one list of them. */
export type WaitlistField = keyof typeof waitlistSchema.shape;

export interface FieldLabel {
  label: string;
  hint?: string;
}

export const fieldLabels: Record<WaitlistField, FieldLabel> = {
  name: { label: 'Full name' },
  email: { label: 'Work email', hint: 'We use it only to contact you about the waiting list.' },
  companyName: { label: 'Company name' },
  role: { label: 'Your role' },
  roleOther: { label: 'Tell us your role', hint: 'Optional.' },
  goal: { label: 'What do you want to achieve?', hint: 'Choose all that apply.' },
  frustrations: { label: 'What frustrates you most today?', hint: 'Choose all that apply.' },
  investment: {
    label: 'What are you prepared to invest?',
    hint: 'A rough range is enough. It helps us suggest the right program.',
  },
  additionalInfo: {
    label: 'Anything else we should know?',
    hint: 'Optional. Context, timing or questions, up to 2,000 characters.',
  },
  earlyAccess: { label: "I'd like early access to new programs and resources" },
};

export const WAITLIST_STEP_COUNT = 5;

/** Fields shown (and validated by Next) on each of the five wizard steps, in order. */
export const waitlistStepFields = [
  ['name', 'email', 'companyName', 'role', 'roleOther'],
  ['goal'],
  ['frustrations'],
  ['investment'],
  ['additionalInfo', 'earlyAccess'],
] as const satisfies readonly (readonly WaitlistField[])[];

export const waitlistStepTitles = [
  'Tell us about you',
  'What you want to achieve',
  'What stands in the way',
  'Your investment',
  'Anything else',
] as const;

/* ------------------------------------------------------------------------------------------------
 * Transport constants shared by the browser and the server
 * --------------------------------------------------------------------------------------------- */

/** Hidden field that people never see or fill; a value means the submission came from a bot. */
export const HONEYPOT_FIELD = 'website';

/** Idempotency keys: 8 to 128 characters of letters, digits, `_` and `-` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** The program a visitor came from, as a page slug. */
export const PROGRAM_SLUG_PATTERN = /^[a-z0-9-]{1,60}$/;

/** A program slug as it arrived (query string, form field), or null when absent or malformed. */
export const programSlugOrNull = (value: string | null | undefined): string | null =>
  value && PROGRAM_SLUG_PATTERN.test(value) ? value : null;

/* ------------------------------------------------------------------------------------------------
 * Schema
 * --------------------------------------------------------------------------------------------- */

// Characters no person types into a name or a sentence: control characters, bidirectional
// overrides (used to disguise text), line/paragraph separators, the byte-order mark, noncharacters
// and unpaired surrogates. Letters, accents, other scripts and emoji are all welcome.
const FORBIDDEN_SINGLE_LINE =
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_MULTI_LINE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const acceptable = (pattern: RegExp, message: string) =>
  z.refine<string>((value) => !pattern.test(value), { error: message });

/** A required one-line answer: trimmed, not empty, at most `max` characters, no forbidden ones. */
const requiredLine = (max: number, messages: { required: string; tooLong: string; characters: string }) =>
  z
    .string({ error: messages.required })
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(max, messages.tooLong),
      acceptable(FORBIDDEN_SINGLE_LINE, messages.characters),
    );

/** An optional free-text answer: trimmed, at most `max` characters, none of the `forbidden` ones. */
const optionalText = (max: number, forbidden: RegExp, messages: { tooLong: string; characters: string }) =>
  z.optional(
    z
      .string({ error: messages.characters })
      .check(z.trim(), z.maxLength(max, messages.tooLong), acceptable(forbidden, messages.characters)),
  );

/** A question answered by ticking one or more of `options`; a repeated tick counts once. */
const multiSelect = <const T extends readonly [string, ...string[]]>(options: T, required: string) =>
  z.array(z.enum(options, { error: required }), { error: required }).check(
    z.overwrite((list) => [...new Set(list)]),
    z.minLength(1, required),
    z.maxLength(options.length, required),
  );

const m = waitlistMessages;

export const waitlistSchema = z.object({
  name: requiredLine(WAITLIST_LIMITS.name, {
    required: m.nameRequired,
    tooLong: m.nameTooLong,
    characters: m.nameCharacters,
  }),
  email: z
    .string({ error: m.emailInvalid })
    .check(z.trim(), z.regex(z.regexes.email, m.emailInvalid), z.maxLength(WAITLIST_LIMITS.email, m.emailTooLong)),
  companyName: requiredLine(WAITLIST_LIMITS.companyName, {
    required: m.companyNameRequired,
    tooLong: m.companyNameTooLong,
    characters: m.companyNameCharacters,
  }),
  role: z.enum(roleOptions, { error: m.roleRequired }),
  // Optional, even when the role is "Other" (spec section 5).
  roleOther: optionalText(WAITLIST_LIMITS.roleOther, FORBIDDEN_SINGLE_LINE, {
    tooLong: m.roleOtherTooLong,
    characters: m.roleOtherCharacters,
  }),
  goal: multiSelect(goalOptions, m.goalRequired),
  frustrations: multiSelect(frustrationOptions, m.frustrationsRequired),
  investment: z.enum(investmentOptions, { error: m.investmentRequired }),
  additionalInfo: optionalText(WAITLIST_LIMITS.additionalInfo, FORBIDDEN_MULTI_LINE, {
    tooLong: m.additionalInfoTooLong,
    characters: m.additionalInfoCharacters,
  }),
  earlyAccess: z.optional(z.boolean({ error: m.earlyAccessInvalid })),
});

/**
 * Each wizard step's rules alone (the schema's own, picked by `waitlistStepFields`): what the
 * wizard's Next checks synchronously before it shows the next step.
 */
export const waitlistStepSchemas = waitlistStepFields.map((fields) =>
  z.pick(waitlistSchema, Object.fromEntries(fields.map((field) => [field, true])) as Record<WaitlistField, true>),
);

/** What the form holds before validation (what react-hook-form works with). */
export type WaitlistInput = z.input<typeof waitlistSchema>;
/** A validated submission: strings trimmed, lists de-duplicated. */
export type WaitlistValues = z.output<typeof waitlistSchema>;

export type WaitlistErrors = Partial<Record<WaitlistField, string>>;

// Object.keys loses the key type; the keys are exactly the schema's fields.
export const waitlistFields = Object.keys(waitlistSchema.shape) as WaitlistField[];

/** What a field holds: typed text, one option, a list of ticked options, or a checkbox. */
export type WaitlistFieldKind = 'text' | 'choice' | 'list' | 'flag';

function kindOf(schema: z.core.$ZodType): WaitlistFieldKind {
  const def = schema._zod.def;
  if (def.type === 'optional') return kindOf((def as z.core.$ZodOptionalDef).innerType);
  return def.type === 'array' ? 'list' : def.type === 'boolean' ? 'flag' : def.type === 'enum' ? 'choice' : 'text';
}

/** Each field's kind, read from its rule in the schema (so a new field needs no list of its own). */
export const waitlistFieldKinds = Object.fromEntries(
  waitlistFields.map((field) => [field, kindOf(waitlistSchema.shape[field])]),
) as Record<WaitlistField, WaitlistFieldKind>;

export type WaitlistValidation = { ok: true; data: WaitlistValues } | { ok: false; errors: WaitlistErrors };

const fieldSet: ReadonlySet<string> = new Set(waitlistFields);

/** Validates anything (parsed JSON, form values) and gives the first message for each failing field. */
export function validateWaitlist(input: unknown): WaitlistValidation {
  const candidate = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = waitlistSchema.safeParse(candidate);
  if (result.success) return { ok: true, data: result.data };
  const errors: WaitlistErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fieldSet.has(field) && !(field in errors)) {
      errors[field as WaitlistField] = issue.message;
    }
  }
  return { ok: false, errors };
}
