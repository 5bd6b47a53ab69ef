import { createMongoAbility, type MongoAbility, type MongoQuery, type RawRuleOf } from '@casl/ability'
import type { ActionOrManage, SubjectOrAll } from './catalogue'

export type AppAbility = MongoAbility<[ActionOrManage, SubjectOrAll], MongoQuery>
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
 * Replaces "${user.x}" placeholders inside rule conditions with the user's values.
 * A placeholder must be a whole string value; arrays stay arrays (e.g. `$in: "${user.teamIds}"`).
 */
export function interpolateConditions(value: unknown, ctx: RuleContext): unknown {
  if (typeof value === 'string') {
    const m = PLACEHOLDER.exec(value)
    if (!m) return value
    const key = m[1] as keyof RuleContext['user']
    return ctx.user[key]
  }
  if (Array.isArray(value)) return value.map((v) => interpolateConditions(v, ctx))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateConditions(v, ctx)]))
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
