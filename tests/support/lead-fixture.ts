/**
 * The one valid lead the tests share: what the wizard sends and, being already trimmed, what the
 * store receives. Tests that need many distinct leads (the reliability suite) vary its fields.
 */
import { frustrationOptions, goalOptions, type WaitlistValues } from '../../src/lib/waitlist/schema.ts';

const lead: WaitlistValues = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example.com',
  companyName: 'Northwind Regional Health',
  role: 'Innovation Leader',
  roleOther: '',
  goal: [goalOptions[0], goalOptions[3]],
  frustrations: [frustrationOptions[1]],
  investment: '$5,000–$10,000',
  additionalInfo: 'We are planning a pilot for the second half of the year.',
  earlyAccess: true,
};

/** The lead as validated values, with typed overrides. */
export function validValues(overrides: Partial<WaitlistValues> = {}): WaitlistValues {
  return { ...structuredClone(lead), ...overrides };
}

/** The lead as a request body, open to any override (wrong types, extra keys) for tests of bad input. */
export function validSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...validValues(), ...overrides };
}

/**
 * Values as the no-JavaScript form posts them: a list as one entry per ticked option, `true` as a
 * ticked checkbox ("on"), `false` and `undefined` left out like an unticked box or a missing field.
 */
export function formBody(values: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (value === true) form.append(name, 'on');
    else if (value !== undefined && value !== false) form.append(name, String(value));
  }
  return form;
}
