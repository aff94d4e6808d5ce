import { frustrationOptions, goalOptions, type WaitlistValues } from '../../../src/lib/waitlist/schema.ts';

/** A complete, valid submission as the wizard sends it. */
export function validSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
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
    ...overrides,
  };
}

/** The same submission as validated values (what the store receives). */
export function validValues(overrides: Partial<WaitlistValues> = {}): WaitlistValues {
  return {
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
    ...overrides,
  };
}
