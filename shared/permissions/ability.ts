import { createMongoAbility, type ForcedSubject, type MongoAbility, type MongoQuery, type RawRuleOf } from '@casl/ability'
import type { ActionOrManage, Subject, SubjectOrAll } from './catalogue'

/**
 * What a rule names (a subject type, or 'all'), and what a check may ask about: the type, or one record tagged with
 * its type by CASL's `subject(type, record)`, whose fields the rules' conditions are matched against.
 */
export type AppAbility = MongoAbility<[ActionOrManage, SubjectOrAll | ForcedSubject<Subject>], MongoQuery>
export type AppRawRule = RawRuleOf<AppAbility>

/** The stored shape of a rule (spec: action, subject, optional fields, optional conditions, inverted, reason). */
export type StoredRule = {
  action: ActionOrManage
  subject: SubjectOrAll
  fields?: string[] | null
  conditions?: Record<string, unknown> | null
  inverted?: boolean | null
  reason?: string | null
}

/** What a condition placeholder such as "${user.id}" may refer to. */
export type RuleContext = {
  user: {
    id: string
    teamIds: string[]
    officeId: string | null
    regionId: string | null
  }
}

const PLACEHOLDER = /^\$\{user\.(id|teamIds|officeId|regionId)\}$/

/**
 * A condition on a value the user does not have (the office of a manager without one): it matches nothing. Left as
 * `officeId: null` it would match every row without an office — the admin account among them.
 */
const nothing = () => ({ $in: [] as never[] })

const resolve = (value: unknown, ctx: RuleContext): { placeholder: false } | { placeholder: true; value: unknown } => {
  const m = typeof value === 'string' ? PLACEHOLDER.exec(value) : null
  return m ? { placeholder: true, value: ctx.user[m[1] as keyof RuleContext['user']] } : { placeholder: false }
}

/**
 * Replaces "${user.x}" placeholders inside rule conditions with the user's values.
 * A placeholder must be a whole string value; arrays stay arrays (e.g. `$in: "${user.teamIds}"`). A placeholder
 * whose value the user lacks (null) makes its condition match nothing: a field's (`officeId: { $in: [] }`) or an
 * operator's (`{ $eq: … }` becomes the same).
 */
export function interpolateConditions(value: unknown, ctx: RuleContext): unknown {
  const direct = resolve(value, ctx)
  if (direct.placeholder) return direct.value ?? nothing()
  if (Array.isArray(value)) return value.map((v) => interpolateConditions(v, ctx))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      const r = resolve(v, ctx)
      if (r.placeholder && r.value == null) {
        if (k.startsWith('$')) return nothing()
        out[k] = nothing()
      } else out[k] = r.placeholder ? r.value : interpolateConditions(v, ctx)
    }
    return out
  }
  return value
}

/** Turns stored rules into CASL raw rules for one user (placeholders resolved, empty parts left out). */
export function toRawRules(rules: readonly StoredRule[], ctx: RuleContext): AppRawRule[] {
  return rules.map((r) => {
    const raw: AppRawRule = { action: r.action, subject: r.subject }
    if (r.fields && r.fields.length > 0) raw.fields = r.fields
    if (r.conditions && Object.keys(r.conditions).length > 0) {
      raw.conditions = interpolateConditions(r.conditions, ctx) as MongoQuery
    }
    if (r.inverted) raw.inverted = true
    if (r.reason) raw.reason = r.reason
    return raw
  })
}

export function buildAbility(rules: readonly AppRawRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules as AppRawRule[])
}
