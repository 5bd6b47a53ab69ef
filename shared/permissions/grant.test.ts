import { describe, expect, it } from 'vitest'
import { buildAbility, toRawRules, type StoredRule } from './ability'
import { PERMISSIONS, permissionName } from './catalogue'
import { canGrantRules, holdsRule, impersonationRefusal, outranks, rulesBeyond } from './grant'
import { DEFAULT_ROLES, roleDef, type RoleKey } from './roles'

const ctx = { user: { id: 'u1', teamIds: ['t1'], officeId: 'o1', regionId: 'r1' } }
const abilityOf = (rules: StoredRule[]) => buildAbility(toRawRules(rules, ctx))
const roleAbility = (key: RoleKey) => abilityOf(roleDef(key).rules)

describe('which default role may give which role (no escalation)', () => {
  // Row: the one who gives; column: the role given. A role whose rules have conditions cannot be given by
  // its own holders (their rules are scoped to them); only admins give every role.
  const table: Record<RoleKey, Record<RoleKey, boolean>> = {
    admin: { admin: true, backoffice: true, manager: true, coach: true, seller: true, recruiter: true },
    backoffice: { admin: false, backoffice: true, manager: false, coach: false, seller: false, recruiter: true },
    manager: { admin: false, backoffice: false, manager: false, coach: false, seller: false, recruiter: false },
    coach: { admin: false, backoffice: false, manager: false, coach: false, seller: false, recruiter: false },
    seller: { admin: false, backoffice: false, manager: false, coach: false, seller: false, recruiter: false },
    recruiter: { admin: false, backoffice: false, manager: false, coach: false, seller: false, recruiter: false },
  }
  for (const [granter, row] of Object.entries(table) as Array<[RoleKey, Record<RoleKey, boolean>]>) {
    for (const [target, expected] of Object.entries(row) as Array<[RoleKey, boolean]>) {
      it(`${granter} ${expected ? 'may' : 'may not'} give ${target}`, () => {
        expect(canGrantRules(roleAbility(granter), roleDef(target).rules)).toBe(expected)
      })
    }
  }

  it('names what is beyond the giver: back office giving admin lacks "manage all"', () => {
    expect(rulesBeyond(roleAbility('backoffice'), roleDef('admin').rules)).toEqual([{ action: 'manage', subject: 'all' }])
  })
})

describe('which default role outranks which (who may edit whom, decision 033)', () => {
  // Row: the editor; column: the user edited. Only those who administer users or roles rank: admin above all,
  // back office (update users) above none but admin.
  const ranked: Record<RoleKey, RoleKey[]> = {
    admin: [],
    backoffice: ['admin'],
    manager: ['admin', 'backoffice'],
    coach: ['admin', 'backoffice'],
    seller: ['admin', 'backoffice'],
    recruiter: ['admin', 'backoffice'],
  }
  for (const [editor, above] of Object.entries(ranked) as Array<[RoleKey, RoleKey[]]>) {
    it(`${editor} is outranked by ${above.join(', ') || 'nobody'}`, () => {
      for (const target of DEFAULT_ROLES.map((r) => r.key)) {
        expect(outranks(roleAbility(editor), roleDef(target).rules), `${editor} editing ${target}`).toBe(above.includes(target))
      }
    })
  }

  it('a direct rule to change roles ranks; one to view users does not', () => {
    const backoffice = roleAbility('backoffice')
    expect(outranks(backoffice, [{ action: 'update', subject: 'roles' }])).toBe(true)
    expect(outranks(backoffice, [{ action: 'view', subject: 'roles' }])).toBe(false)
    expect(outranks(backoffice, [{ action: 'update', subject: 'users' }])).toBe(false)
    expect(outranks(backoffice, [{ action: 'update', subject: 'roles', inverted: true }])).toBe(false)
  })
})

describe('which permission each default role may give as a direct rule', () => {
  // Expected: exactly the permissions the role holds with no condition (what it holds only for its own
  // team, office or sales it cannot give), and for admin every one.
  const unconditional = (key: RoleKey) =>
    new Set(
      roleDef(key)
        .rules.filter((r) => !r.inverted && !r.conditions && !r.fields)
        .flatMap((r) =>
          r.action === 'manage' && r.subject === 'all' ? PERMISSIONS.map((p) => permissionName(p.action, p.subject)) : [permissionName(r.action, r.subject)],
        ),
    )

  for (const role of DEFAULT_ROLES) {
    it(`${role.key}: every catalogue permission`, () => {
      const ability = roleAbility(role.key)
      const held = unconditional(role.key)
      const wrong = PERMISSIONS.filter((p) => holdsRule(ability, { action: p.action, subject: p.subject }) !== held.has(permissionName(p.action, p.subject)))
      expect(wrong.map((p) => permissionName(p.action, p.subject))).toEqual([])
    })
  }

  it('the coach may not give "view users", which it holds only for its teams', () => {
    expect(roleAbility('coach').can('view', 'users')).toBe(true)
    expect(holdsRule(roleAbility('coach'), { action: 'view', subject: 'users' })).toBe(false)
    expect(holdsRule(roleAbility('coach'), { action: 'view', subject: 'users', conditions: { teamId: { $in: '${user.teamIds}' } } })).toBe(false)
  })

  it('wildcards are held only by wildcards', () => {
    const bo = roleAbility('backoffice')
    expect(holdsRule(bo, { action: 'view', subject: 'users' })).toBe(true)
    expect(holdsRule(bo, { action: 'manage', subject: 'users' })).toBe(false)
    expect(holdsRule(bo, { action: 'view', subject: 'all' })).toBe(false)
    expect(holdsRule(roleAbility('admin'), { action: 'manage', subject: 'all' })).toBe(true)
  })

  it('a rule the giver holds only in part (an inverted rule on it, or restricted fields) is not theirs to give', () => {
    const partly = abilityOf([
      { action: 'view', subject: 'users' },
      { action: 'view', subject: 'users', inverted: true, conditions: { officeId: 'o2' } },
      { action: 'view', subject: 'teams', fields: ['name'] },
    ])
    expect(holdsRule(partly, { action: 'view', subject: 'users' })).toBe(false)
    expect(holdsRule(partly, { action: 'view', subject: 'teams' })).toBe(false)
  })

  it('anyone may give a restriction (an inverted rule only takes away)', () => {
    expect(holdsRule(roleAbility('seller'), { action: 'view', subject: 'finance_profitability_teams', inverted: true })).toBe(true)
  })
})

describe('who may view the app as whom (decision 037)', () => {
  const withImpersonate: StoredRule[] = [...roleDef('recruiter').rules, { action: 'impersonate', subject: 'users' }]
  const cases: Array<[string, StoredRule[], RoleKey | StoredRule[], ReturnType<typeof impersonationRefusal>]> = [
    ['admin as a seller', roleDef('admin').rules, 'seller', null],
    ['admin as back office', roleDef('admin').rules, 'backoffice', null],
    ['admin as another admin', roleDef('admin').rules, 'admin', 'admin'],
    ['admin as a recruiter who may impersonate', roleDef('admin').rules, withImpersonate, 'admin'],
    ['back office (no right) as a seller', roleDef('backoffice').rules, 'seller', 'not_allowed'],
    ['a recruiter with the right as back office (holds less)', withImpersonate, 'backoffice', 'beyond'],
    // A recruiter's rules reach their own candidates: another recruiter's are not theirs to act on.
    ['a recruiter with the right as a recruiter', withImpersonate, 'recruiter', 'beyond'],
    [
      'back office with the right as a recruiter (holds all of it)',
      [...roleDef('backoffice').rules, { action: 'impersonate', subject: 'users' }],
      'recruiter',
      null,
    ],
  ]
  for (const [name, admin, target, expected] of cases) {
    it(`${name}: ${expected ?? 'allowed'}`, () => {
      const rules = typeof target === 'string' ? roleDef(target).rules : target
      expect(impersonationRefusal(abilityOf(admin), rules, abilityOf(rules))).toBe(expected)
    })
  }
})
