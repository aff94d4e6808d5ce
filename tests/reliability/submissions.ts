/**
 * Valid waiting-list submissions, each one traceable: the e-mail address carries the run's tag and
 * the request's number, so the store can be searched for exactly the leads a run was told it saved.
 */
import { randomUUID } from 'node:crypto';
import { frustrationOptions, goalOptions, investmentOptions, roleOptions } from '../../src/lib/waitlist/schema.ts';
import type { StoredLead } from '../../src/server/leads/store.ts';
import { formBody } from '../support/lead-fixture.ts';
import type { Answer, SendOptions } from './http-client.ts';
import { json } from './http-client.ts';

export type Kind = 'json' | 'form';

export interface Submission {
  key: string;
  email: string;
  kind: Kind;
  request: SendOptions;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

export function submissionValues(tag: string, i: number): Record<string, unknown> {
  return {
    name: `Reliability Tester ${i}`,
    email: `${tag}-${i}@example.com`,
    companyName: `Load Test Company ${i % 97}`,
    role: pick(roleOptions, i),
    roleOther: i % 6 === 5 ? 'Head of Service Design' : '',
    goal: [pick(goalOptions, i), pick(goalOptions, i + 2)],
    frustrations: [pick(frustrationOptions, i)],
    investment: pick(investmentOptions, i),
    additionalInfo: `Submission ${i} of a reliability run.\nSecond line, with accents: café, Zürich.`,
    earlyAccess: i % 2 === 0,
  };
}

/** One valid submission: JSON from the wizard, or (every tenth) the no-JavaScript form post. */
export function submission(tag: string, i: number, options: { key?: string; kind?: Kind } = {}): Submission {
  const key = options.key ?? randomUUID();
  const kind = options.kind ?? (i % 10 === 9 ? 'form' : 'json');
  const values = submissionValues(tag, i);
  if (kind === 'json') {
    return {
      key,
      email: String(values.email),
      kind,
      request: {
        method: 'POST',
        path: '/api/waitlist',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ ...values, program: 'ai-strategy-sprint', website: '' }),
      },
    };
  }
  const form = formBody({ ...values, idempotencyKey: key, website: '' });
  return {
    key,
    email: String(values.email),
    kind,
    request: {
      method: 'POST',
      path: '/waitlist',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    },
  };
}

/**
 * Whether the visitor was told "you are on the list": 201 with an id for JSON, a 303 to the success
 * page for a form post. Returns the id when the answer carries one.
 */
export function acknowledged(sub: Submission, answer: Answer): { ok: boolean; id?: string } {
  if (sub.kind === 'json') {
    const body = json(answer);
    if (answer.status === 201 && body?.status === 'ok' && typeof body.id === 'string') return { ok: true, id: body.id };
    return { ok: false };
  }
  return { ok: answer.status === 303 && String(answer.headers.location).startsWith('/waitlist/joined') };
}

export interface Ack {
  email: string;
  key: string;
  id?: string;
}

export interface StoreComparison {
  rows: number;
  /** Acknowledged, but no row with that e-mail (or with another id). */
  missing: Ack[];
  /** E-mail addresses stored more than once. */
  duplicated: string[];
}

/** Every acknowledged submission must be in the store exactly once, under the id it was given. */
export function compareWithStore(acks: readonly Ack[], leads: readonly StoredLead[]): StoreComparison {
  const byEmail = new Map<string, StoredLead[]>();
  for (const lead of leads) {
    const list = byEmail.get(lead.email) ?? [];
    list.push(lead);
    byEmail.set(lead.email, list);
  }
  const missing = acks.filter((ack) => {
    const found = byEmail.get(ack.email);
    return !found || (ack.id !== undefined && !found.some((lead) => lead.id === ack.id));
  });
  const duplicated = [...byEmail.entries()].filter(([, list]) => list.length > 1).map(([email]) => email);
  return { rows: leads.length, missing, duplicated };
}
