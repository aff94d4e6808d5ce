import type { LeadInput, StoredLead } from './types.ts';

/** The leads table's columns in insert order (shared by both stores). */
export const LEAD_COLUMNS = [
  'id',
  'created_at',
  'source_program',
  'idempotency_key',
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

/** Values for LEAD_COLUMNS, in order; `earlyAccess` as the store's own boolean representation. */
export function leadValues(
  id: string,
  createdAt: string,
  lead: LeadInput,
  idempotencyKey: string,
  earlyAccess: (value: boolean | undefined) => number | boolean | null,
): (string | number | boolean | null)[] {
  return [
    id,
    createdAt,
    lead.sourceProgram,
    idempotencyKey,
    lead.name,
    lead.email,
    lead.companyName,
    lead.role,
    lead.roleOther ?? null,
    JSON.stringify(lead.goal),
    JSON.stringify(lead.frustrations),
    lead.investment,
    lead.additionalInfo ?? null,
    earlyAccess(lead.earlyAccess),
  ];
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
