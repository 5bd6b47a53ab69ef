import { FinnishSSN } from 'finnish-ssn'
import Kontonummer from 'kontonummer'
import { normalizeClearingNumber, normalizePersonalNumber } from './identity'

/**
 * Recruiting's rules (docs/decisions/070): identity and bank numbers, where a candidate is, which step may start, the
 * cloud directory's account name, and a contract's text from its template. Pure functions, shared by the form, the
 * candidate's own page and the server.
 */

export const STEP_NAMES = ['preonboarding', 'work_contract', 'education_contract', 'accounts'] as const
export type StepName = (typeof STEP_NAMES)[number]
/** not started, a job doing it, sent and waiting for the candidate, done, or failed with its reason (a retry starts it again) */
export const STEP_STATUSES = ['waiting', 'running', 'waiting_candidate', 'done', 'failed'] as const
export type StepStatus = (typeof STEP_STATUSES)[number]
/** where a candidate is: in progress, onboarded, not hired (closed; erased after the retention period), erased */
export const CANDIDATE_STATUSES = ['active', 'onboarded', 'closed', 'erased'] as const
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number]
export const CANDIDATE_STAGES = [...STEP_NAMES, 'onboarded'] as const
export type CandidateStage = (typeof CANDIDATE_STAGES)[number]

const HETU = /^(\d{6})([-+ABCDEFUVWXY])(\d{3})([0-9A-Y])$/

/**
 * A Finnish personal identity code (henkilötunnus): DDMMYY, the century sign, the individual number and its check
 * character. Returns it upper-cased or null.
 */
export function normalizeFinnishIdentity(input: string): string | null {
  const v = input.replace(/\s/g, '').toUpperCase()
  if (!HETU.test(v)) return null
  return FinnishSSN.validate(v) ? v : null
}

/** A Swedish personal number (12 digits) or a Finnish identity code (11 characters), normalised; null if neither. */
export function normalizeCandidateIdentity(input: string, today: Date = new Date()): string | null {
  return normalizePersonalNumber(input, today) ?? normalizeFinnishIdentity(input)
}

/** The identity number as everyone but the permitted sees it: the birth date, the rest hidden. */
export function maskCandidateIdentity(value: string | null | undefined): string | null {
  if (!value) return null
  if (/^\d{12}$/.test(value)) return `${value.slice(0, 8)}-****`
  if (HETU.test(value)) return `${value.slice(0, 7)}****`
  return '****'
}

/** The identity number written as people read it. */
export function formatCandidateIdentity(value: string | null | undefined): string {
  if (!value) return ''
  return /^\d{12}$/.test(value) ? `${value.slice(0, 8)}-${value.slice(8)}` : value
}

/** A clearing number alone (its format: four digits, or Swedbank's five starting with 8). */
export function normalizeClearingOnly(input: string): string | null {
  return normalizeClearingNumber(input)
}

/**
 * A Swedish clearing and account number together, checked by the bank's rules (Bankgirot's "Bankernas kontonummer",
 * through the `kontonummer` library): an unknown clearing range, a wrong length or a wrong check digit of a type 1
 * account is refused. A type 2 account whose check digit cannot be told apart from an unchecked one is accepted, as
 * the library's authors advise. Returns the bank's name and the normalised numbers, or null.
 */
export function normalizeSwedishBankAccount(clearing: string, account: string): { bank: string; clearing: string; account: string } | null {
  const c = normalizeClearingNumber(clearing)
  const a = account.replace(/[\s.-]/g, '')
  if (!c || !/^\d{1,15}$/.test(a)) return null
  try {
    const k = new Kontonummer(c.length === 5 ? `${c.slice(0, 4)}-${c.slice(4)}` : c, a, { mode: 'semi' })
    return { bank: k.bankName, clearing: c, account: a }
  } catch {
    return null
  }
}

/** An account number as a screen shows it without reading it: the last four digits. */
export function maskAccount(value: string | null | undefined): string | null {
  if (!value) return null
  return `••••${value.slice(-4)}`
}

export const STEP_ORDER: readonly StepName[] = ['preonboarding', 'work_contract', 'education_contract', 'accounts']

/** Where a candidate is: the first step not done, or onboarded once all four are. */
export function stageOf(steps: Partial<Record<StepName, StepStatus>>): CandidateStage {
  return STEP_ORDER.find((s) => steps[s] !== 'done') ?? 'onboarded'
}

export type StepState = {
  status: CandidateStatus
  steps: Partial<Record<StepName, StepStatus>>
  hasAdditionalInfo: boolean
  workContractSigned: boolean
  /** the accounts step: whether a directory is configured is not a refusal (it says so when it runs) */
}

/**
 * Why a step cannot be started now (a translation key), or null. A step running or done is not started again; a
 * contract needs the candidate's own details; the accounts need the signed work contract (hiring follows the
 * signature). A step waiting for the candidate may be started again (a new link or a new contract replaces the old).
 */
export function stepRefusal(step: StepName, s: StepState): string | null {
  if (s.status === 'closed' || s.status === 'erased') return 'candidates.blocked.closed'
  const current = s.steps[step] ?? 'waiting'
  if (current === 'running') return 'candidates.blocked.running'
  if (current === 'done') return 'candidates.blocked.done'
  if ((step === 'work_contract' || step === 'education_contract') && !s.hasAdditionalInfo) return 'candidates.blocked.details'
  if (step === 'accounts' && !s.workContractSigned) return 'candidates.blocked.workContract'
  return null
}

const TRANSLITERATE: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', é: 'e', è: 'e', ü: 'u', ø: 'o', æ: 'ae', ß: 'ss' }

/**
 * The local part of a directory account's name from a person's name: lower case, å/ä/ö/é and their kind
 * transliterated, other accents dropped, only the characters a user principal name allows (letters, digits, dot,
 * hyphen), "first.last"; `n` > 1 adds a number for a name already taken.
 */
export function accountNameOf(firstName: string, lastName: string, n = 1): string {
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[åäöéèüøæß]/g, (ch) => TRANSLITERATE[ch] ?? ch)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  const suffix = n > 1 ? String(n) : ''
  // At most 64 characters with the number (Microsoft Graph's and an LDAP uid's bound), never ending in "." or "-".
  const base = ([clean(firstName), clean(lastName)].filter(Boolean).join('.') || 'user').slice(0, 64 - suffix.length).replace(/[.-]+$/, '')
  return `${base}${suffix}`
}

/**
 * The candidate as a directory's employee id (Microsoft Graph's `employeeId`, at most 16 characters): the first 16 of
 * the candidate id's hexadecimal digits — 64 bits of a random id, so a second run finds the first one's account.
 */
export function directoryEmployeeId(candidateId: string): string {
  return candidateId.replace(/-/g, '').slice(0, 16)
}

/** The fields a contract's template may use, as {{name}}. */
export const TEMPLATE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'personalNumber',
  'address',
  'postalCode',
  'city',
  'startDate',
  'region',
  'organisation',
  'today',
] as const
export type TemplateField = (typeof TEMPLATE_FIELDS)[number]

/** The names in a template that are not fields (the editor refuses them). */
export function unknownTemplateFields(body: string): string[] {
  const names = [...body.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!)
  return [...new Set(names.filter((n) => !(TEMPLATE_FIELDS as readonly string[]).includes(n)))]
}

/** A template's text with the candidate's values in place of its fields (an empty value leaves a blank line to fill). */
export function fillTemplate(body: string, values: Partial<Record<TemplateField, string | null>>): string {
  return body.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) => {
    if (!(TEMPLATE_FIELDS as readonly string[]).includes(name)) return whole
    const v = values[name as TemplateField]
    return v ? v : '________'
  })
}
