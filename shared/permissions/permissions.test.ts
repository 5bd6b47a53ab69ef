import { describe, expect, it } from 'vitest'
import { buildAbility, toRawRules } from './ability'
import { CATALOGS } from '../i18n'
import { PERMISSIONS, SUBJECTS, isKnownPermission, parsePermissionName, permissionName } from './catalogue'
import { DEFAULT_ROLES, ROLE_KEYS, roleDef } from './roles'
import { renderRolesTable } from './roles-doc'
import { SCOPE_CONDITIONS } from './scopes'
import fs from 'node:fs'

const ctx = { user: { id: 'u1', teamIds: ['t1', 't2'], officeId: 'o1', regionId: 'r1' } }

describe('permission catalogue', () => {
  it('names a permission "action subject"', () => {
    expect(permissionName('view', 'sale_reports')).toBe('view sale_reports')
    expect(parsePermissionName('view sale_reports')).toEqual({ action: 'view', subject: 'sale_reports' })
    expect(parsePermissionName('manage all')).toEqual({ action: 'manage', subject: 'all' })
    expect(parsePermissionName('view')).toBeNull()
    expect(parsePermissionName('fly sale_reports')).toBeNull()
  })

  it('holds no pair twice', () => {
    const names = PERMISSIONS.map((p) => permissionName(p.action, p.subject))
    expect(new Set(names).size).toBe(names.length)
  })

  it('every seeded rule names a known permission', () => {
    for (const role of DEFAULT_ROLES) {
      for (const rule of role.rules) expect(isKnownPermission(rule.action, rule.subject), `${role.key}: ${rule.action} ${rule.subject}`).toBe(true)
    }
  })
})

describe('seeded roles', () => {
  const ability = (key: (typeof ROLE_KEYS)[number]) => buildAbility(toRawRules(roleDef(key).rules, ctx))

  it('admin may do everything', () => {
    expect(ability('admin').can('delete', 'roles')).toBe(true)
  })

  it('a seller sees only their own sales', () => {
    const seller = ability('seller')
    expect(seller.can('view', 'sales')).toBe(true)
    expect(seller.can('view', { __caslSubjectType__: 'sales', sellerId: 'u1' } as never)).toBe(true)
    expect(seller.can('view', { __caslSubjectType__: 'sales', sellerId: 'u2' } as never)).toBe(false)
    expect(seller.can('view', 'sale_reports')).toBe(false)
  })

  it('a coach sees the sale reports of their teams only', () => {
    const coach = ability('coach')
    expect(coach.can('view', { __caslSubjectType__: 'sale_reports', teamId: 't2' } as never)).toBe(true)
    expect(coach.can('view', { __caslSubjectType__: 'sale_reports', teamId: 't9' } as never)).toBe(false)
  })

  it('resolves placeholders into the user’s values', () => {
    const rules = toRawRules([{ action: 'view', subject: 'teams', conditions: { id: { $in: '${user.teamIds}' }, officeId: '${user.officeId}' } }], ctx)
    expect(rules[0]!.conditions).toEqual({ id: { $in: ['t1', 't2'] }, officeId: 'o1' })
  })

  it('a placeholder the user has no value for makes its condition match nothing', () => {
    const none = { user: { id: 'u1', teamIds: [], officeId: null, regionId: null } }
    const rules = toRawRules(
      [
        { action: 'view', subject: 'users', conditions: { officeId: '${user.officeId}' } },
        { action: 'view', subject: 'teams', conditions: { officeId: { $eq: '${user.officeId}' }, id: { $in: '${user.teamIds}' } } },
        { action: 'view', subject: 'offices', conditions: { regionId: { $ne: '${user.regionId}' } } },
      ],
      none,
    )
    expect(rules.map((r) => r.conditions)).toEqual([{ officeId: { $in: [] } }, { officeId: { $in: [] }, id: { $in: [] } }, { regionId: { $in: [] } }])
  })

  it.each(
    Object.entries(SCOPE_CONDITIONS).flatMap(([subject, scopes]) => Object.entries(scopes).map(([scope, conditions]) => [subject, scope, conditions] as const)),
  )('%s in the scope "%s": for someone without an office, teams or region, no row without one', (subject, _scope, conditions) => {
    const ability = buildAbility(
      toRawRules([{ action: 'view', subject: subject as never, conditions }], { user: { id: 'u1', teamIds: [], officeId: null, regionId: null } }),
    )
    const bare = { id: 'someone', officeId: null, teamId: null, regionId: null, sellerId: null, userId: null }
    expect(ability.can('view', { __caslSubjectType__: subject, ...bare } as never)).toBe(false)
  })

  it('docs/roles-and-permissions.md is the table this file generates', () => {
    const doc = fs.readFileSync(new URL('../../docs/roles-and-permissions.md', import.meta.url), 'utf8')
    expect(doc).toContain(renderRolesTable())
  })
})

describe('the role editor names every subject', () => {
  it.each(Object.entries(CATALOGS))('in %s', (_lang, catalog) => {
    const names = (catalog as { rolesAdmin: { subjects: Record<string, string> } }).rolesAdmin.subjects
    expect(SUBJECTS.filter((s) => !names[s])).toEqual([])
  })
})
