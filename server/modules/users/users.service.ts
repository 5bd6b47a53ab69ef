import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import type { z } from 'zod'
import { buildAbility, toRawRules, type AppAbility, type StoredRule } from '../../../shared/permissions/ability'
import { canGrantRules, impersonationRefusal, mayResetSignIn, outranks } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import type { LookupQuery } from '../../../shared/schemas/lookups'
import { formatPersonalNumber, maskBankAccount, maskPersonalNumber } from '../../../shared/rules/identity'
import {
  SENSITIVE_USER_FIELDS,
  USER_EDITABLE_FIELDS,
  createUserInputSchema,
  type BulkUsersAnswer,
  type RevealedUserFields,
  type SensitiveUserField,
  type UserDetail,
  type UserImportAnswer,
  importUsersSchema,
  userPermissionsInputSchema,
  type UserListQuery,
  bulkUsersSchema,
  deactivateUserSchema,
  updateUserInputSchema,
} from '../../../shared/schemas/users'
import { accessFilter } from '../../db/conditions'
import type { Database, Db } from '../../db/client'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import { CAN_VIEW_TEAM_RULES } from '../../../shared/permissions/roles'
import { activityLines, changedFields, logActivities, logActivity } from '../../platform/activity-log'
import type { EventBus } from '../../platform/events'
import { checkImport } from './users.import'
import { mustHoldRules, permissionNames, ruleKey, rulesOfPermissions } from './permission-rules'
import { usersRepo } from './users.repo'
import { titlesService } from './titles.service'

export type UserActor = { id: string; ability: AppAbility }

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepo>['row']>>>

/** The fields an import sets, as its events name them. */
const IMPORTED_FIELDS = ['email', 'firstName', 'lastName', 'shortName', 'roleId', 'teamId', 'title', 'employeeId', 'phone', 'language', 'active']

/** What the log keeps of a sensitive field's change: that it changed, never the value. */
const HIDDEN = '••••'

/**
 * The users area's one write path (decision 033): create, edit, deactivate, reactivate and bulk changes, each one
 * transaction with its activity-log lines and its `user.changed` event. Who may change a user: `update users`
 * within scope, on a user who does not outrank the editor (shared/permissions/grant.ts: a clerk does not take
 * over an administrator's account).
 */
export function usersService(
  database: Database,
  opts: {
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
  },
) {
  const repo = usersRepo(database)
  const now = opts.now ?? Date.now
  const titles = titlesService(database, { now })

  const asSubject = (u: { id: string; teamId: string | null; officeId: string | null }) =>
    subject('users', { id: u.id, teamId: u.teamId, officeId: u.officeId }) as never

  /** What users hold, read once: their roles' rules (only those roles) and their direct rules, and the two joined per user. */
  async function rulesOf(tx: Db, users: Array<{ id: string; roleId: string }>) {
    const roleIds = [...new Set(users.map((u) => u.roleId))]
    const [byRole, direct] = await Promise.all([
      roleIds.length === 1 ? repo.roleRules(tx, roleIds[0]) : repo.roleRules(tx),
      repo.directRules(
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

  async function detailOf(tx: Db, actor: UserActor, row: UserRow): Promise<UserDetail> {
    const u = row.user
    const [{ byRole, direct, all }, coachedTeams, providerIds, providers] = await Promise.all([
      rulesOf(tx, [u]),
      repo.coachedTeams(tx, u.id),
      repo.providerIds(tx, u.id),
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
    const row = await repo.row(tx, id)
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

  return {
    /** The user, when the actor may change them (other parts of this area ask it: external accounts). */
    mayChange,

    list(ability: AppAbility, q: UserListQuery) {
      return repo.list(accessFilter(ability, 'view', 'users', repo.conditionColumns), q)
    },

    lookup(ability: AppAbility, q: LookupQuery) {
      return repo.lookup(accessFilter(ability, 'view', 'users', repo.conditionColumns), q)
    },

    /** The titles list (decision 040): renamed, added and removed on its own screen. */
    titles,

    /** The roles this user may give: those whose every rule they hold themselves (shared/permissions/grant.ts). */
    async grantableRoles(granter: AppAbility) {
      const [roles, rules] = await Promise.all([repo.roles(), repo.roleRules()])
      return roles.filter((r) => canGrantRules(granter, rules.get(r.id) ?? []))
    },

    async detail(actor: UserActor, id: string): Promise<UserDetail> {
      const row = await repo.row(database.db, id)
      if (!row || !actor.ability.can('view', asSubject({ id, teamId: row.user.teamId, officeId: row.officeId }))) throw notFound()
      return detailOf(database.db, actor, row)
    },

    async create(actor: UserActor, input: z.output<typeof createUserInputSchema>, t: Translate): Promise<{ id: string }> {
      const passwordHash = await hashPassword(input.password, opts.scryptLogN)
      return database.transaction(async (tx) => {
        if (!(await repo.roleExists(tx, input.roleId))) throw validationError({ roleId: [t('validation.unknownRole')] })
        // Giving a role gives its rules: only a role the creator holds all of (no escalation, decision 016).
        const roleRules = (await repo.roleRules(tx, input.roleId)).get(input.roleId) ?? []
        if (!canGrantRules(actor.ability, roleRules)) {
          throw new ApiError(403, 'forbidden', { fieldErrors: { roleId: [t('validation.roleNotGrantable')] } })
        }
        if (input.teamId && !(await repo.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        if (await repo.emailExists(tx, input.email)) {
          throw new ApiError(409, 'conflict', { fieldErrors: { email: [t('validation.emailTaken')] } })
        }
        const id = randomUUID()
        const at = now()
        const row = {
          id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          shortName: input.shortName || null,
          roleId: input.roleId,
          teamId: input.teamId ?? null,
          employeeId: input.employeeId || null,
          phone: input.phone || null,
          language: input.language ?? null,
          active: true,
          createdAt: at,
          updatedAt: at,
        }
        await repo.insert(tx, row)
        const { passwordHash: _hash, id: _id, createdAt: _c, updatedAt: _u, ...logged } = row
        await change(tx, actor, id, 'created', { after: logged, fields: Object.keys(logged) }, at)
        return { id }
      })
    },

    async update(actor: UserActor, id: string, input: z.output<typeof updateUserInputSchema>, t: Translate): Promise<UserDetail> {
      const result = await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, input.version)
        const u = row.user
        if (input.roleId !== u.roleId) {
          if (!(await repo.roleExists(tx, input.roleId))) throw validationError({ roleId: [t('validation.unknownRole')] })
          const roleRules = (await repo.roleRules(tx, input.roleId)).get(input.roleId) ?? []
          if (!canGrantRules(actor.ability, roleRules)) {
            throw new ApiError(403, 'forbidden', { fieldErrors: { roleId: [t('validation.roleNotGrantable')] } })
          }
        }
        // "Can view team" gives a rule (decision 042): only one who holds it may give it.
        if (input.canViewTeam === true && !u.canViewTeam && !canGrantRules(actor.ability, [...CAN_VIEW_TEAM_RULES])) {
          throw new ApiError(403, 'forbidden', { fieldErrors: { canViewTeam: [t('validation.canViewTeamNotGrantable')] } })
        }
        if (input.teamId && input.teamId !== u.teamId && !(await repo.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        if (input.email !== u.email && (await repo.emailExists(tx, input.email))) {
          throw new ApiError(409, 'conflict', { fieldErrors: { email: [t('validation.emailTaken')] } })
        }
        const next: Record<string, unknown> = {}
        for (const key of USER_EDITABLE_FIELDS) next[key] = input[key] ?? null
        next.canViewTeam = input.canViewTeam ?? u.canViewTeam
        const { before, after } = changedFields(u as unknown as Record<string, unknown>, next)
        // The providers they sell for (decision 044): absent keeps them; a new one must be an active provider.
        const heldProviders = await repo.providerIds(tx, id)
        const wantedProviders = input.providerIds === undefined ? heldProviders : [...new Set(input.providerIds)].sort()
        const providersChanged = JSON.stringify(wantedProviders) !== JSON.stringify(heldProviders)
        if (providersChanged) {
          const known = new Map((await opts.providers(tx)).map((p) => [p.id, p]))
          if (wantedProviders.some((pid) => !heldProviders.includes(pid) && !known.get(pid)?.active)) {
            throw validationError({ providerIds: [t('validation.unknownProvider')] })
          }
          const names = (ids: string[]) => ids.map((pid) => known.get(pid)?.name ?? pid).sort((a, b) => a.localeCompare(b, 'sv'))
          before.providers = names(heldProviders)
          after.providers = names(wantedProviders)
        }
        // Sensitive fields: absent keeps, null removes, a value replaces; the log says which changed, not to what.
        const sensitive: Partial<Record<SensitiveUserField, string | null>> = {}
        for (const key of SENSITIVE_USER_FIELDS) {
          const value = input[key]
          if (value === undefined || value === u[key]) continue
          sensitive[key] = value
          before[key] = u[key] ? HIDDEN : null
          after[key] = value ? HIDDEN : null
        }
        const fields = Object.keys(after)
        if (fields.length === 0) return { row, changed: false }
        const at = now()
        const { providers: _providers, ...columns } = after
        await repo.update(tx, id, { ...columns, ...sensitive, updatedAt: at, version: u.version + 1 })
        if (providersChanged) await repo.setProviders(tx, id, wantedProviders)
        if (typeof after.title === 'string') await titles.ensure(tx, [after.title])
        // The log names the role and team too: an id means nothing to its reader once the role is gone.
        if ('roleId' in after || 'teamId' in after) {
          const was = await repo.names(tx, { roleId: 'roleId' in after ? u.roleId : null, teamId: 'teamId' in after ? u.teamId : null })
          const is = await repo.names(tx, { roleId: 'roleId' in after ? input.roleId : null, teamId: 'teamId' in after ? input.teamId : null })
          if ('roleId' in after) {
            before.role = was.role
            after.role = is.role
          }
          if ('teamId' in after) {
            before.team = was.team
            after.team = is.team
          }
        }
        await change(tx, actor, id, 'updated', { before, after, fields }, at)
        // The role, the team and "Can view team" decide the user's rules: their session loads them again.
        return { row, changed: true, roleChanged: 'roleId' in after || 'teamId' in after || 'canViewTeam' in after }
      })
      if (result.roleChanged) opts.onRulesChanged()
      return this.detail(actor, id)
    },

    /**
     * Replaces a user's direct permissions (beside their role's). What the editor shows is replaced by what was sent;
     * direct rules it cannot show stay. Each permission given or taken away must be one the editor holds whole
     * (decision 016), and the user must be theirs to change (scope and rank). The user's sessions load their rules
     * again at their next request.
     */
    async setPermissions(actor: UserActor, id: string, input: z.output<typeof userPermissionsInputSchema>, t: Translate): Promise<UserDetail> {
      const changed = await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, input.version)
        const wanted = rulesOfPermissions(input.permissions, t)
        const stored = (await repo.directRules(tx, [id])).get(id) ?? []
        const kept = stored.filter((r) => scopedOfRule(r) === null)
        const shown = stored.filter((r) => scopedOfRule(r) !== null)
        const shownKeys = new Set(shown.map(ruleKey))
        const wantedKeys = new Set(wanted.map(ruleKey))
        const added = wanted.filter((r) => !shownKeys.has(ruleKey(r)))
        const removed = shown.filter((r) => !wantedKeys.has(ruleKey(r)))
        if (added.length === 0 && removed.length === 0) return false
        mustHoldRules(actor.ability, [...added, ...removed], t)
        const at = now()
        await repo.replaceDirectRules(tx, id, [...wanted, ...kept])
        await repo.update(tx, id, { updatedAt: at, version: row.user.version + 1 })
        await change(
          tx,
          actor,
          id,
          'updated',
          {
            before: { permissions: permissionNames(removed) },
            after: { permissions: permissionNames(added) },
            fields: ['permissions'],
          },
          at,
        )
        return true
      })
      if (changed) opts.onRulesChanged()
      return this.detail(actor, id)
    },

    /** The full values of sensitive fields, for someone who may edit the user; the reading is logged. */
    async reveal(actor: UserActor, id: string, fields: SensitiveUserField[]): Promise<RevealedUserFields> {
      return database.transaction(async (tx) => {
        const row = await mayChange(tx, actor, id)
        const unique = [...new Set(fields)]
        await logActivity(tx, database.t, { at: now(), actorId: actor.id, entity: 'user', entityId: id, action: 'sensitive_read', after: { fields: unique } })
        const out: RevealedUserFields = {}
        for (const f of unique) {
          const value = row.user[f]
          out[f] = value && f === 'personalNumber' ? formatPersonalNumber(value) : value
        }
        return out
      })
    },

    async deactivate(actor: UserActor, id: string, input: z.output<typeof deactivateUserSchema>, t: Translate): Promise<UserDetail> {
      if (id === actor.id) throw validationError({ reason: [t('validation.deactivateSelf')] })
      await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, input.version)
        if (!row.user.active) return
        const at = now()
        await repo.update(tx, id, { active: false, deactivatedAt: at, deactivationReason: input.reason, updatedAt: at, version: row.user.version + 1 })
        await opts.endSessions(tx, [id])
        await change(tx, actor, id, 'deactivated', { before: { active: true }, after: { active: false }, reason: input.reason }, at)
      })
      return this.detail(actor, id)
    },

    /**
     * An admin removes the user's two-step sign-in (a lost phone): they sign in with their password alone until they
     * set it up again. Logged, and the user is told (a notification made from the event).
     */
    async resetMfa(actor: UserActor, id: string, version: number): Promise<UserDetail> {
      await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, version)
        if (id === actor.id || !mayResetSignIn(actor.ability, (await rulesOf(tx, [row.user])).all.get(id) ?? []))
          throw new ApiError(403, 'mfa_reset_not_allowed')
        if (!(await opts.signInMethods.reset(tx, id))) throw new ApiError(409, 'conflict')
        await change(tx, actor, id, 'mfa_reset', {}, now())
      })
      return this.detail(actor, id)
    },

    async reactivate(actor: UserActor, id: string, version: number): Promise<UserDetail> {
      await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, version)
        if (row.user.active) return
        const at = now()
        await repo.update(tx, id, { active: true, deactivatedAt: null, deactivationReason: null, updatedAt: at, version: row.user.version + 1 })
        await change(tx, actor, id, 'reactivated', { before: { active: false }, after: { active: true } }, at)
      })
      return this.detail(actor, id)
    },

    /**
     * Moves the selected users to a team, or deactivates them: one transaction; the users this actor may not
     * change (not visible, out of scope or outranking, themselves) are skipped and named.
     */
    async bulk(actor: UserActor, input: z.output<typeof bulkUsersSchema>, t: Translate): Promise<BulkUsersAnswer> {
      const ids = [...new Set(input.ids)]
      const result = await database.transaction(async (tx) => {
        if (input.action === 'team' && input.teamId && !(await repo.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        const newTeam = input.action === 'team' ? (await repo.names(tx, { teamId: input.teamId })).team : null
        const found = await repo.subjects(tx, ids)
        const rules = (await rulesOf(tx, found)).all
        const byId = new Map(found.map((u) => [u.id, u]))
        const skipped: BulkUsersAnswer['skipped'] = []
        const at = now()
        const ended: string[] = []
        for (const id of ids) {
          const u = byId.get(id)
          const why = u ? refusal(actor, u, rules.get(id) ?? []) : 'notFound'
          const name = u && why !== 'notFound' ? `${u.first} ${u.last}` : null
          if (why) {
            skipped.push({ id, name, reason: why === 'notFound' ? 'notFound' : 'notAllowed' })
            continue
          }
          const user = u!
          if (input.action === 'team') {
            if (user.teamId === input.teamId) {
              skipped.push({ id, name, reason: 'unchanged' })
              continue
            }
            await repo.update(tx, id, { teamId: input.teamId, updatedAt: at, version: user.version + 1 })
            const was = (await repo.names(tx, { teamId: user.teamId })).team
            await change(
              tx,
              actor,
              id,
              'updated',
              { before: { teamId: user.teamId, team: was }, after: { teamId: input.teamId, team: newTeam }, fields: ['teamId'] },
              at,
            )
          } else {
            if (id === actor.id) {
              skipped.push({ id, name, reason: 'self' })
              continue
            }
            if (!user.active) {
              skipped.push({ id, name, reason: 'unchanged' })
              continue
            }
            await repo.update(tx, id, { active: false, deactivatedAt: at, deactivationReason: input.reason, updatedAt: at, version: user.version + 1 })
            await change(tx, actor, id, 'deactivated', { before: { active: true }, after: { active: false }, reason: input.reason }, at)
            ended.push(id)
          }
        }
        await opts.endSessions(tx, ended)
        return { changed: ids.length - skipped.length, skipped }
      })
      // A team decides what a coach's or manager's scoped rules reach: the moved users' sessions load again.
      if (input.action === 'team' && result.changed > 0) opts.onRulesChanged()
      return result
    },

    /**
     * A CSV import of new users (decision 034). Unconfirmed, a dry run: every row checked, nothing written.
     * Confirmed: the rows are checked again in the transaction that creates the valid ones (what changed since the
     * dry run counts), each with its activity-log line and its `user.changed` event; rows with errors are left out.
     * Every created user gets the one first password given, hashed once.
     */
    async importUsers(actor: UserActor, input: z.output<typeof importUsersSchema>, t: Translate): Promise<UserImportAnswer> {
      if (!input.confirm) {
        const { answer } = await checkImport(database.db, repo, actor, input.csv, t)
        return { ...answer, confirmed: false, created: 0 }
      }
      const passwordHash = await hashPassword(input.password!, opts.scryptLogN)
      return database.transaction(async (tx) => {
        const { answer, valid } = await checkImport(tx, repo, actor, input.csv, t)
        const at = now()
        const rows = valid.map((u) => ({
          id: randomUUID(),
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          shortName: u.shortName,
          roleId: u.roleId,
          teamId: u.teamId,
          title: u.title,
          employeeId: u.employeeId,
          phone: u.phone,
          language: u.language,
          active: true,
          createdAt: at,
          updatedAt: at,
        }))
        await repo.insertMany(tx, rows)
        await titles.ensure(
          tx,
          rows.map((r) => r.title),
        )
        await logActivities(
          tx,
          database.t,
          rows.map(({ passwordHash: _hash, id, createdAt: _c, updatedAt: _u, ...logged }) => ({
            at,
            actorId: actor.id,
            entity: 'user',
            entityId: id,
            action: 'created',
            after: logged,
          })),
        )
        for (const row of rows)
          await opts.events.record(tx, 'user.changed', { userId: row.id, action: 'created', fields: IMPORTED_FIELDS }, { actorId: actor.id, at })
        return { ...answer, confirmed: true, created: rows.length }
      })
    },
  }
}

export type UsersService = ReturnType<typeof usersService>
