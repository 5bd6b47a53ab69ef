import { subject } from '@casl/ability'
import { buildAbility, toRawRules, type AppAbility, type StoredRule } from '../../../shared/permissions/ability'
import { impersonationRefusal, mayResetSignIn, outranks } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import { maskBankAccount, maskPersonalNumber } from '../../../shared/rules/identity'
import { type UserDetail } from '../../../shared/schemas/users'
import type { Database, Db } from '../../db/client'
import { ApiError, forbidden, notFound } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import type { EventBus } from '../../platform/events'
import { usersRepo } from './users.repo'
import { titlesService } from './titles.service'

export type UserActor = { id: string; ability: AppAbility }

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepo>['listReads']['row']>>>

/** The fields an import sets, as its events name them. */
export const IMPORTED_FIELDS = ['email', 'firstName', 'lastName', 'shortName', 'roleId', 'teamId', 'title', 'employeeId', 'phone', 'language', 'active']

/** What the log keeps of a sensitive field's change: that it changed, never the value. */
export const HIDDEN = '••••'

/** What the users area's options are: its ports and settings (assembled in server/composition/api.ts). */
export type UsersOptions = {
  scryptLogN: number
  events: EventBus
  /** ends every session of these users in the transaction (the auth area's) */
  endSessions: (tx: Db, userIds: string[]) => Promise<void>
  /** the catalog's providers (a port: the users area does not read the catalog's tables) */
  providers: (db: Db) => Promise<Array<{ id: string; name: string; active: boolean }>>
  /** a user's rules changed (a new role): signed-in sessions load them again */
  onRulesChanged: () => void
  /** whether the user signs in in two steps, and removing their methods (the auth area's; decision 038) */
  signInMethods: { enabled: (userId: string) => Promise<boolean>; reset: (tx: Db, userId: string) => Promise<boolean> }
  now?: () => number
}

/** The users area's repository, titles, rule checks and the change written with its log line and event. */
function usersBasics(database: Database, opts: UsersOptions) {
  const repo = usersRepo(database)
  const now = opts.now ?? Date.now
  const titles = titlesService(database, { now })

  const asSubject = (u: { id: string; teamId: string | null; officeId: string | null }) =>
    subject('users', { id: u.id, teamId: u.teamId, officeId: u.officeId })

  /** What users hold, read once: their roles' rules (only those roles) and their direct rules, and the two joined per user. */
  async function rulesOf(tx: Db, users: Array<{ id: string; roleId: string }>) {
    const roleIds = [...new Set(users.map((u) => u.roleId))]
    const [byRole, direct] = await Promise.all([
      roleIds.length === 1 ? repo.checks.roleRules(tx, roleIds[0]) : repo.checks.roleRules(tx),
      repo.checks.directRules(
        tx,
        users.map((u) => u.id),
      ),
    ])
    const all = new Map(users.map((u) => [u.id, [...(byRole.get(u.roleId) ?? []), ...(direct.get(u.id) ?? [])]]))
    return { byRole, direct, all }
  }

  /** Why the actor may not change this user, or null when they may. */
  function refusal(actor: UserActor, u: { id: string; teamId: string | null; officeId: string | null }, rules: StoredRule[]) {
    if (!actor.ability.can('view', asSubject(u))) return 'notFound' as const
    if (!actor.ability.can('update', asSubject(u))) return 'notAllowed' as const
    if (outranks(actor.ability, rules)) return 'outranks' as const
    return null
  }

  function refuse(reason: 'notFound' | 'notAllowed' | 'outranks'): never {
    if (reason === 'notFound') throw notFound()
    if (reason === 'outranks') throw new ApiError(403, 'user_outranks')
    throw forbidden()
  }

  async function change(
    tx: Db,
    actor: UserActor,
    userId: string,
    action: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'mfa_reset',
    log: {
      before?: Record<string, unknown> | null
      after?: Record<string, unknown> | null
      reason?: string | null
      fields?: string[]
    },
    at: number,
  ) {
    await logActivity(tx, database.t, {
      at,
      actorId: actor.id,
      entity: 'user',
      entityId: userId,
      action,
      before: log.before,
      after: log.after,
      reason: log.reason,
    })
    await opts.events.record(tx, 'user.changed', { userId, action, fields: log.fields ?? [] }, { actorId: actor.id, at })
  }

  /** Whether the reader may view the app as this user (docs/decisions/037; the auth module decides again). */
  function mayActAs(ability: AppAbility, stored: StoredRule[]) {
    const theirs = buildAbility(toRawRules(stored, { user: { id: '', teamIds: [], officeId: null, regionId: null } }))
    return impersonationRefusal(ability, stored, theirs) === null
  }

  return { database, opts, repo, now, titles, asSubject, rulesOf, refusal, refuse, change, mayActAs }
}

/** A user as the admin screens show them, and the checks before a change (visible, theirs to change, the version seen). */
function userChecks(basics: ReturnType<typeof usersBasics>) {
  const { database, opts, repo, rulesOf, refusal, refuse, mayActAs } = basics
  async function detailOf(tx: Db, actor: UserActor, row: UserRow): Promise<UserDetail> {
    const u = row.user
    const [{ byRole, direct, all }, coachedTeams, providerIds, providers] = await Promise.all([
      rulesOf(tx, [u]),
      repo.checks.coachedTeams(tx, u.id),
      repo.checks.providerIds(tx, u.id),
      opts.providers(tx),
    ])
    const providerOf = (pid: string | null) => {
      const p = pid ? providers.find((x) => x.id === pid) : undefined
      return p ? { id: p.id, name: p.name, active: p.active } : null
    }
    const mayEdit = refusal(actor, { id: u.id, teamId: u.teamId, officeId: row.officeId }, all.get(u.id) ?? []) === null
    const shown = (rule: StoredRule) => ({ action: rule.action, subject: rule.subject, scope: scopedOfRule(rule)?.scope ?? null, inverted: !!rule.inverted })
    return {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: `${u.firstName} ${u.lastName}`,
      shortName: u.shortName,
      phone: u.phone,
      employeeId: u.employeeId,
      title: u.title,
      language: u.language,
      roleId: u.roleId,
      roleKey: row.roleKey,
      roleName: row.roleName,
      teamId: u.teamId,
      teamName: row.teamName,
      officeId: row.officeId,
      officeName: row.officeName,
      regionName: row.regionName,
      coachedTeams,
      providers: providerIds
        .map(providerOf)
        .filter((p) => p !== null)
        .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
      teamProvider: providerOf(row.teamProviderId),
      driversLicense: u.driversLicense,
      employmentDate: u.employmentDate,
      educationDate: u.educationDate,
      coachAssignedDate: u.coachAssignedDate,
      canViewTeam: u.canViewTeam,
      own: {
        shoeSize: u.shoeSize,
        tshirtSize: u.tshirtSize,
        specialDiet: u.specialDiet,
        favouriteCake: u.favouriteCake,
        iceName: u.iceName,
        icePhone: u.icePhone,
        iceRelation: u.iceRelation,
      },
      ...(mayEdit
        ? {
            sensitive: {
              personalNumber: u.personalNumber ? maskPersonalNumber(u.personalNumber) : null,
              bankClearing: u.bankClearing,
              bankAccount: u.bankAccount ? maskBankAccount(u.bankAccount) : null,
            },
          }
        : {}),
      active: u.active,
      deactivatedAt: u.deactivatedAt,
      deactivationReason: u.deactivationReason,
      lastSignInAt: u.lastSignInAt,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
      version: u.version,
      may: {
        edit: mayEdit,
        deactivate: mayEdit && u.id !== actor.id,
        impersonate: u.active && u.id !== actor.id && mayActAs(actor.ability, all.get(u.id) ?? []),
        // Resetting someone's two-step sign-in opens their account to whoever knows the password (decision 054).
        resetMfa: mayEdit && u.id !== actor.id && mayResetSignIn(actor.ability, all.get(u.id) ?? []),
      },
      rules: { role: (byRole.get(u.roleId) ?? []).map(shown), direct: (direct.get(u.id) ?? []).map(shown) },
      activity: await activityLines(database, 'user', u.id),
      ...(mayEdit ? { mfa: { enabled: await opts.signInMethods.enabled(u.id) } } : {}),
    }
  }

  /** The user, checked: visible to this actor and theirs to change. */
  async function mayChange(tx: Db, actor: UserActor, id: string): Promise<UserRow> {
    const row = await repo.listReads.row(tx, id)
    if (!row) throw notFound()
    const why = refusal(actor, { id, teamId: row.user.teamId, officeId: row.officeId }, (await rulesOf(tx, [row.user])).all.get(id) ?? [])
    if (why) refuse(why)
    return row
  }

  /** The user to change, checked as mayChange, on the version the actor saw. */
  async function changeable(tx: Db, actor: UserActor, id: string, version: number): Promise<UserRow> {
    const row = await mayChange(tx, actor, id)
    if (row.user.version !== version) throw new ApiError(409, 'version_conflict', { details: { current: await detailOf(tx, actor, row) } })
    return row
  }

  return { detailOf, mayChange, changeable }
}

/** What the users area's parts share. */
export function usersContext(database: Database, opts: UsersOptions) {
  const basics = usersBasics(database, opts)
  return { ...basics, ...userChecks(basics) }
}
export type UsersContext = ReturnType<typeof usersContext>
