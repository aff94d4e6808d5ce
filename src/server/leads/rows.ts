import type { WaitlistValues } from '../../lib/waitlist/schema.ts';
import type { ClaimedDelivery, DeliveryChannel, DeliveryInfo, LeadInput, StoredLead } from './types.ts';

/** The columns that hold the visitor's answers, in formValues' order: what a correction replaces. */
export const FORM_COLUMNS = [
  'name',
  'email',
  'company_name',
  'role',
  'role_other',
  'goal',
  'frustrations',
  'investment',
  'additional_info',
  'early_access',
] as const;

/** The leads table's columns in insert order (shared by both stores). */
export const LEAD_COLUMNS = ['id', 'created_at', 'source_program', 'idempotency_key', ...FORM_COLUMNS] as const;

export interface LeadRow {
  id: string;
  created_at: string | Date;
  source_program: string | null;
  name: string;
  email: string;
  company_name: string;
  role: string;
  role_other: string | null;
  goal: string;
  frustrations: string;
  investment: string;
  additional_info: string | null;
  early_access: number | boolean | null;
}

/** How a store writes `earlyAccess`: SQLite as 0/1, PostgreSQL as a boolean, unanswered as null. */
export type EarlyAccessValue = (value: boolean | undefined) => number | boolean | null;

/** Values for FORM_COLUMNS, in order. */
export function formValues(
  values: WaitlistValues,
  earlyAccess: EarlyAccessValue,
): (string | number | boolean | null)[] {
  return [
    values.name,
    values.email,
    values.companyName,
    values.role,
    values.roleOther ?? null,
    JSON.stringify(values.goal),
    JSON.stringify(values.frustrations),
    values.investment,
    values.additionalInfo ?? null,
    earlyAccess(values.earlyAccess),
  ];
}

/** Values for LEAD_COLUMNS, in order. */
export function leadValues(
  id: string,
  createdAt: string,
  lead: LeadInput,
  idempotencyKey: string,
  earlyAccess: EarlyAccessValue,
): (string | number | boolean | null)[] {
  return [id, createdAt, lead.sourceProgram, idempotencyKey, ...formValues(lead, earlyAccess)];
}

export function rowToLead(row: LeadRow): StoredLead {
  const lead: StoredLead = {
    id: String(row.id),
    createdAt: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    sourceProgram: row.source_program ?? null,
    name: row.name,
    email: row.email,
    companyName: row.company_name,
    role: row.role as StoredLead['role'],
    goal: JSON.parse(row.goal) as StoredLead['goal'],
    frustrations: JSON.parse(row.frustrations) as StoredLead['frustrations'],
    investment: row.investment as StoredLead['investment'],
  };
  if (row.role_other !== null && row.role_other !== undefined) lead.roleOther = row.role_other;
  if (row.additional_info !== null && row.additional_info !== undefined) lead.additionalInfo = row.additional_info;
  if (row.early_access !== null && row.early_access !== undefined) lead.earlyAccess = Boolean(row.early_access);
  return lead;
}

/**
 * The lead as one comparable string: the validated fields plus the program, in a fixed order, an
 * absent optional field as null. Two submissions under one idempotency key are the same lead when
 * these match.
 */
export function leadIdentity(lead: LeadInput): string {
  return JSON.stringify([
    lead.sourceProgram ?? null,
    lead.name,
    lead.email,
    lead.companyName,
    lead.role,
    lead.roleOther ?? null,
    lead.goal,
    lead.frustrations,
    lead.investment,
    lead.additionalInfo ?? null,
    lead.earlyAccess ?? null,
  ]);
}

/** An outbox row as read from either store. */
export interface DeliveryRow {
  id: string;
  lead_id: string;
  channel: string;
  status: string;
  attempts: number | string;
  created_at: string | Date;
  next_attempt_at: string | Date | null;
  first_attempt_at?: string | Date | null;
  lease_token?: string | null;
  last_error: string | null;
}

const iso = (value: string | Date): string => (value instanceof Date ? value.toISOString() : String(value));

export function rowToDeliveryInfo(row: DeliveryRow): DeliveryInfo {
  return {
    id: String(row.id),
    leadId: String(row.lead_id),
    channel: row.channel as DeliveryChannel,
    status: row.status as DeliveryInfo['status'],
    attempts: Number(row.attempts),
    createdAt: iso(row.created_at),
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    lastError: row.last_error ?? null,
  };
}

export function rowToClaimed(row: DeliveryRow): ClaimedDelivery {
  return {
    id: String(row.id),
    leadId: String(row.lead_id),
    channel: row.channel as DeliveryChannel,
    attempts: Number(row.attempts),
    firstAttemptAt: iso(row.first_attempt_at ?? row.created_at),
    leaseToken: String(row.lease_token),
  };
}
