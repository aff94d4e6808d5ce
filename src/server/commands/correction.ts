/**
 * What `npm run leads:correct` does before it touches the store: reads the operator's
 * `--set FIELD=VALUE` options against the shared waiting-list schema (src/lib/waitlist/schema.ts),
 * applies them to the stored answers and validates the result with the same rules and messages as
 * the form, so a correction can never store what a visitor could not have sent.
 */
import type * as z from 'zod/mini';
import {
  validateWaitlist,
  waitlistFieldKinds,
  waitlistFields,
  waitlistSchema,
  type WaitlistField,
  type WaitlistValues,
} from '../../lib/waitlist/schema.ts';
import type { StoredLead } from '../leads/types.ts';

/** The answers the operator gave, by field, before validation. */
export type Corrections = Partial<Record<WaitlistField, string | string[] | boolean>>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const fieldSet: ReadonlySet<string> = new Set(waitlistFields);

/**
 * Reads `--set FIELD=VALUE` entries. A list field (goal, frustrations) takes one entry per option
 * and its entries replace the whole list; a flag (earlyAccess) takes true or false; any other field
 * one entry, given once. The values themselves are checked later, by the schema.
 */
export function parseCorrections(entries: readonly string[]): Parsed<Corrections> {
  const problems: string[] = [];
  const corrections: Corrections = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const field = equals > 0 ? entry.slice(0, equals) : '';
    const value = entry.slice(equals + 1);
    if (!fieldSet.has(field)) {
      problems.push(
        equals > 0
          ? `--set ${field}: there is no such field. The fields are ${waitlistFields.join(', ')}.`
          : `--set ${entry}: write it as FIELD=VALUE, e.g. --set companyName='Northwind Health'.`,
      );
      continue;
    }
    const name = field as WaitlistField;
    const kind = waitlistFieldKinds[name];
    const earlier = corrections[name];
    if (kind === 'list') {
      corrections[name] = [...((earlier as string[] | undefined) ?? []), value];
    } else if (earlier !== undefined) {
      problems.push(`--set ${name} is given twice: give it once.`);
    } else if (kind === 'flag') {
      if (value === 'true' || value === 'false') corrections[name] = value === 'true';
      else problems.push(`--set ${name}: write true or false.`);
    } else {
      corrections[name] = value;
    }
  }
  if (entries.length === 0) problems.push('Nothing to correct: give at least one --set FIELD=VALUE.');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: corrections };
}

/** The options a choice or list field offers, read from its rule in the schema (none for others). */
function optionsOf(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def;
  if (def.type === 'optional') return optionsOf((def as z.core.$ZodOptionalDef).innerType);
  if (def.type === 'array') return optionsOf((def as z.core.$ZodArrayDef).element);
  return [...(schema._zod.values ?? [])].map(String);
}

/** The schema's message for a field, and for a choice or list what it may hold. */
function explain(field: WaitlistField, message: string): string {
  const kind = waitlistFieldKinds[field];
  if (kind !== 'choice' && kind !== 'list') return `${field}: ${message}.`;
  const how = kind === 'list' ? `one --set ${field}=OPTION per option, each` : 'exactly';
  return `${field}: ${message}. Give ${how} one of:\n${optionsOf(waitlistSchema.shape[field])
    .map((option) => `    ${option}`)
    .join('\n')}`;
}

/** The lead's answers alone: what the form asked, without its id, date or program. */
const answersOf = (lead: StoredLead): Partial<Record<WaitlistField, unknown>> =>
  Object.fromEntries(waitlistFields.filter((field) => field in lead).map((field) => [field, lead[field]]));

/**
 * The lead's answers with the corrections applied, validated as a submission is, and the fields
 * whose value this changes (none: the lead already holds them).
 */
export function applyCorrections(
  lead: StoredLead,
  corrections: Corrections,
): Parsed<{ values: WaitlistValues; changed: WaitlistField[] }> {
  const result = validateWaitlist({ ...answersOf(lead), ...corrections });
  if (!result.ok) {
    return {
      ok: false,
      problems: waitlistFields.flatMap((field) => {
        const message = result.errors[field];
        return message ? [explain(field, message)] : [];
      }),
    };
  }
  const changed = waitlistFields.filter(
    (field) => JSON.stringify(lead[field] ?? null) !== JSON.stringify(result.data[field] ?? null),
  );
  return { ok: true, value: { values: result.data, changed } };
}
