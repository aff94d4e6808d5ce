/**
 * leads:correct's reading of `--set FIELD=VALUE` and its validation by the form's own schema, apart
 * from the store (tests/unit/server/commands/privacy.test.ts runs the command on both stores).
 */
import { describe, expect, it } from 'vitest';
import { goalOptions, investmentOptions } from '../../../../src/lib/waitlist/schema.ts';
import { applyCorrections, parseCorrections } from '../../../../src/server/commands/correction.ts';
import type { StoredLead } from '../../../../src/server/leads/types.ts';
import { validValues } from '../../../support/lead-fixture.ts';

const stored: StoredLead = {
  ...validValues({ name: 'Dana Whitfeld' }),
  id: '70d9aeec-d3af-40c4-a83d-c90c64528522',
  createdAt: '2025-02-03T10:00:00.000Z',
  sourceProgram: 'ripple-effect',
};

const parsed = (entries: string[]) => {
  const result = parseCorrections(entries);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value;
};

describe('parseCorrections', () => {
  it('reads each kind of field: text and choices once, lists entry by entry, flags as true or false', () => {
    expect(
      parsed([
        'name=Dana Whitfield',
        'additionalInfo=a=b, and more',
        `goal=${goalOptions[1]}`,
        `goal=${goalOptions[4]}`,
        'earlyAccess=false',
        'roleOther=',
      ]),
    ).toEqual({
      name: 'Dana Whitfield',
      additionalInfo: 'a=b, and more',
      goal: [goalOptions[1], goalOptions[4]],
      earlyAccess: false,
      roleOther: '',
    });
  });

  it('names every problem at once: unknown fields, a missing "=", a repeated field, a bad flag', () => {
    const result = parseCorrections(['nmae=Dana', 'companyName', 'name=A', 'name=B', 'earlyAccess=yes', 'id=x']);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      expect.stringMatching(/^--set nmae: there is no such field\. The fields are name, email, companyName, /),
      expect.stringContaining('--set companyName: write it as FIELD=VALUE'),
      '--set name is given twice: give it once.',
      '--set earlyAccess: write true or false.',
      expect.stringMatching(/^--set id: there is no such field/),
    ]);
  });

  it('asks for at least one correction', () => {
    expect(parseCorrections([])).toEqual({
      ok: false,
      problems: ['Nothing to correct: give at least one --set FIELD=VALUE.'],
    });
  });
});

describe('applyCorrections', () => {
  it('applies the corrections to the stored answers, validated as the form validates them', () => {
    const result = applyCorrections(stored, parsed(['name=  Dana Whitfield ', `goal=${goalOptions[2]}`]));
    expect(result).toEqual({
      ok: true,
      value: {
        values: { ...validValues(), goal: [goalOptions[2]] },
        changed: ['name', 'goal'],
      },
    });
  });

  it('finds nothing changed when the answers are the ones stored', () => {
    expect(applyCorrections(stored, parsed(['name=Dana Whitfeld']))).toMatchObject({
      ok: true,
      value: { changed: [] },
    });
  });

  it("refuses what the form refuses, with the form's messages and the options a choice takes", () => {
    const result = applyCorrections(
      stored,
      parsed(['name= ', 'email=dana@', 'investment=$5000', `goal=${goalOptions[0]}`, 'goal=Something else']),
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems[0]).toBe('name: Name is required.');
    expect(problems[1]).toBe('email: Invalid email address.');
    expect(problems[2]).toMatch(/^goal: Please select at least one option\. Give one --set goal=OPTION per option/);
    for (const option of goalOptions) expect(problems[2]).toContain(`\n    ${option}`);
    expect(problems[3]).toMatch(/^investment: Please select an option\. Give exactly one of:\n/);
    for (const option of investmentOptions) expect(problems[3]).toContain(`\n    ${option}`);
    expect(problems).toHaveLength(4);
  });
});
