import type { ActionOrManage, Subject } from '../permissions/catalogue'
import type { DeviationType, SaleStatus } from './sale'

/**
 * The sale-report lifecycle (docs/decisions/022), written once: which status may follow which, who may make each
 * move, and what the move needs. The server enforces it (the sales service) and the screens offer only what it
 * allows; table test: sale-lifecycle.test.ts.
 *
 * - finalized: the seller sent it; waiting for back office (every synced sale starts here).
 * - approved: back office accepted it; it earns commission and game points.
 * - deviation: something is wrong (a deviation type and a comment); the seller corrects it, which sends it back
 *   to finalized, or back office resolves it (approved, or regret when the customer cannot continue).
 * - flagged: held for a closer look (a possible double sale, a missing order registration).
 * - unanswered: the quality call did not reach the customer; reached later, it is decided like a waiting one.
 * - absence: the customer was not there to confirm or receive the order; it waits until they are.
 * - regret: the customer withdrew. Reopened only by back office, with a reason.
 *
 * A quality call (docs/decisions/045) moves a waiting sale to unanswered when the customer was never reached, and any
 * sale not yet regretted to regret when the customer withdraws.
 */

/**
 * Who may make a move: back office (update sale_reports on the sale), the seller on their own sale (update sales),
 * or a quality controller recording a survey's outcome (update sale_quality_surveys; docs/decisions/045).
 */
export type Mover = 'backoffice' | 'seller' | 'quality'
export const MOVER_PERMISSION: Record<Mover, { action: ActionOrManage; subject: Subject }> = {
  backoffice: { action: 'update', subject: 'sale_reports' },
  seller: { action: 'update', subject: 'sales' },
  quality: { action: 'update', subject: 'sale_quality_surveys' },
}

type Move = { to: SaleStatus; by: Mover }

export const SALE_TRANSITIONS: Record<SaleStatus, readonly Move[]> = {
  finalized: [
    { to: 'approved', by: 'backoffice' },
    { to: 'deviation', by: 'backoffice' },
    { to: 'flagged', by: 'backoffice' },
    { to: 'unanswered', by: 'backoffice' },
    { to: 'absence', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'unanswered', by: 'quality' },
    { to: 'regret', by: 'quality' },
  ],
  deviation: [
    { to: 'finalized', by: 'seller' },
    { to: 'approved', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'regret', by: 'quality' },
  ],
  flagged: [
    { to: 'finalized', by: 'backoffice' },
    { to: 'approved', by: 'backoffice' },
    { to: 'deviation', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'regret', by: 'quality' },
  ],
  unanswered: [
    { to: 'approved', by: 'backoffice' },
    { to: 'deviation', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'regret', by: 'quality' },
  ],
  absence: [
    { to: 'finalized', by: 'backoffice' },
    { to: 'approved', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'regret', by: 'quality' },
  ],
  approved: [
    { to: 'deviation', by: 'backoffice' },
    { to: 'flagged', by: 'backoffice' },
    { to: 'regret', by: 'backoffice' },
    { to: 'regret', by: 'quality' },
  ],
  regret: [
    { to: 'finalized', by: 'backoffice' },
    { to: 'approved', by: 'backoffice' },
  ],
}

/** A move needs a reason when it tells the seller something is wrong, or undoes a decision (from approved or regret). */
export function reasonRequired(from: SaleStatus, to: SaleStatus): boolean {
  return to === 'deviation' || to === 'regret' || to === 'flagged' || from === 'approved' || from === 'regret'
}

/** The statuses `from` may move to for someone who may move as the given movers. */
export function allowedNext(from: SaleStatus, movers: ReadonlySet<Mover>): SaleStatus[] {
  return [...new Set(SALE_TRANSITIONS[from].filter((m) => movers.has(m.by)).map((m) => m.to))]
}

export type TransitionInput = { to: SaleStatus; reason: string | null; deviationType: DeviationType | null }
export type TransitionProblem =
  | { kind: 'invalid_transition'; allowed: SaleStatus[] }
  | {
      kind: 'field'
      field: 'reason' | 'deviationType'
      message: 'validation.saleReport.reasonRequired' | 'validation.saleReport.deviationTypeRequired' | 'validation.saleReport.deviationTypeOnlyForDeviation'
    }

/**
 * Why the move cannot be made, or null when it can: a move the table does not have for these movers (with the
 * statuses that are allowed instead), a missing reason, a deviation without its type, or a type on anything else.
 */
export function transitionProblem(from: SaleStatus, input: TransitionInput, movers: ReadonlySet<Mover>): TransitionProblem | null {
  const allowed = allowedNext(from, movers)
  if (!allowed.includes(input.to)) return { kind: 'invalid_transition', allowed }
  if (input.to === 'deviation' && !input.deviationType) return { kind: 'field', field: 'deviationType', message: 'validation.saleReport.deviationTypeRequired' }
  if (input.to !== 'deviation' && input.deviationType)
    return { kind: 'field', field: 'deviationType', message: 'validation.saleReport.deviationTypeOnlyForDeviation' }
  if (reasonRequired(from, input.to) && !input.reason?.trim()) return { kind: 'field', field: 'reason', message: 'validation.saleReport.reasonRequired' }
  return null
}

/** What a seller may change on their sale when correcting a deviation. */
export const CORRECTABLE_FIELDS = [
  'customerSsn',
  'customerName',
  'companyName',
  'orgNumber',
  'email',
  'phone',
  'postalCode',
  'city',
  'address',
  'externalOrderNumber',
  'products',
  'message',
] as const
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number]

/**
 * What each kind of deviation lets the seller correct (docs/decisions/022): the identity number (and the name it
 * belongs to), the order (products, order number, message), anything for "other"; a customer who is not credit
 * worthy or cannot continue is back office's to resolve, not the seller's to correct.
 */
export const CORRECTIONS: Record<DeviationType, readonly CorrectableField[]> = {
  incorrect_ssn: ['customerSsn', 'customerName'],
  incorrect_order: ['products', 'externalOrderNumber', 'message'],
  other: CORRECTABLE_FIELDS,
  not_credit_worthy: [],
  customer_cannot_continue: [],
}

/** The fields of a correction its deviation type does not let the seller change. */
export function uncorrectableFields(type: DeviationType, fields: readonly string[]): string[] {
  const allowed: readonly string[] = CORRECTIONS[type]
  return fields.filter((f) => !allowed.includes(f))
}
