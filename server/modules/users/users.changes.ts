import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { canGrantRules, mayResetSignIn } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import {
  SENSITIVE_USER_FIELDS,
  USER_EDITABLE_FIELDS,
  createUserInputSchema,
  type BulkUsersAnswer,
  type SensitiveUserField,
  type UserDetail,
  type UserImportAnswer,
  importUsersSchema,
  userPermissionsInputSchema,
  bulkUsersSchema,
  deactivateUserSchema,
  updateUserInputSchema,
} from '../../../shared/schemas/users'
import { ApiError, validationError } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import { CAN_VIEW_TEAM_RULES } from '../../../shared/permissions/roles'
import { changedFields, logActivities } from '../../platform/activity-log'
import { checkImport } from './users.import'
import { mustHoldRules, permissionNames, ruleKey, rulesOfPermissions } from './permission-rules'

import { HIDDEN, IMPORTED_FIELDS, type UserActor, type UsersContext } from './users.context'

/** A user created by an admin. */
export function userCreation(ctx: UsersContext) {
  const { database, opts, repo, now, change } = ctx
  return {
    async create(actor: UserActor, input: z.output<typeof createUserInputSchema>, t: Translate): Promise<{ id: string }> {
      const passwordHash = await hashPassword(input.password, opts.scryptLogN)
      return database.transaction(async (tx) => {
        if (!(await repo.checks.roleExists(tx, input.roleId))) throw validationError({ roleId: [t('validation.unknownRole')] })
        // Giving a role gives its rules: only a role the creator holds all of (no escalation, decision 016).
        const roleRules = (await repo.checks.roleRules(tx, input.roleId)).get(input.roleId) ?? []
        if (!canGrantRules(actor.ability, roleRules)) {
          throw new ApiError(403, 'forbidden', { fieldErrors: { roleId: [t('validation.roleNotGrantable')] } })
        }
        if (input.teamId && !(await repo.checks.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        if (await repo.checks.emailExists(tx, input.email)) {
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
          passwordChangeRequired: input.passwordChangeRequired ?? false,
          active: true,
          createdAt: at,
          updatedAt: at,
        }
        await repo.writes.insert(tx, row)
        const { passwordHash: _hash, id: _id, createdAt: _c, updatedAt: _u, ...logged } = row
        await change(tx, actor, id, 'created', { after: logged, fields: Object.keys(logged) }, at)
        return { id }
      })
    },
  }
}

/** A user's details and permissions changed, on the version the admin saw. */
export function userEdits(ctx: UsersContext, { detail }: { detail(actor: UserActor, id: string): Promise<UserDetail> }) {
  const { database, opts, repo, now, titles, change, changeable } = ctx
  return {
    async update(actor: UserActor, id: string, input: z.output<typeof updateUserInputSchema>, t: Translate): Promise<UserDetail> {
      const result = await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, input.version)
        const u = row.user
        if (input.roleId !== u.roleId) {
          if (!(await repo.checks.roleExists(tx, input.roleId))) throw validationError({ roleId: [t('validation.unknownRole')] })
          const roleRules = (await repo.checks.roleRules(tx, input.roleId)).get(input.roleId) ?? []
          if (!canGrantRules(actor.ability, roleRules)) {
            throw new ApiError(403, 'forbidden', { fieldErrors: { roleId: [t('validation.roleNotGrantable')] } })
          }
        }
        // "Can view team" gives a rule (decision 042): only one who holds it may give it.
        if (input.canViewTeam === true && !u.canViewTeam && !canGrantRules(actor.ability, [...CAN_VIEW_TEAM_RULES])) {
          throw new ApiError(403, 'forbidden', { fieldErrors: { canViewTeam: [t('validation.canViewTeamNotGrantable')] } })
        }
        if (input.teamId && input.teamId !== u.teamId && !(await repo.checks.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        if (input.email !== u.email && (await repo.checks.emailExists(tx, input.email))) {
          throw new ApiError(409, 'conflict', { fieldErrors: { email: [t('validation.emailTaken')] } })
        }
        const next: Record<string, unknown> = {}
        for (const key of USER_EDITABLE_FIELDS) next[key] = input[key] ?? null
        next.canViewTeam = input.canViewTeam ?? u.canViewTeam
        const { before, after } = changedFields(u as unknown as Record<string, unknown>, next)
        // The providers they sell for (decision 044): absent keeps them; a new one must be an active provider.
        const heldProviders = await repo.checks.providerIds(tx, id)
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
        await repo.writes.update(tx, id, { ...columns, ...sensitive, updatedAt: at, version: u.version + 1 })
        if (providersChanged) await repo.writes.setProviders(tx, id, wantedProviders)
        if (typeof after.title === 'string') await titles.ensure(tx, [after.title])
        // The log names the role and team too: an id means nothing to its reader once the role is gone.
        if ('roleId' in after || 'teamId' in after) {
          const was = await repo.listReads.names(tx, { roleId: 'roleId' in after ? u.roleId : null, teamId: 'teamId' in after ? u.teamId : null })
          const is = await repo.listReads.names(tx, { roleId: 'roleId' in after ? input.roleId : null, teamId: 'teamId' in after ? input.teamId : null })
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
      return detail(actor, id)
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
        const stored = (await repo.checks.directRules(tx, [id])).get(id) ?? []
        const kept = stored.filter((r) => scopedOfRule(r) === null)
        const shown = stored.filter((r) => scopedOfRule(r) !== null)
        const shownKeys = new Set(shown.map(ruleKey))
        const wantedKeys = new Set(wanted.map(ruleKey))
        const added = wanted.filter((r) => !shownKeys.has(ruleKey(r)))
        const removed = shown.filter((r) => !wantedKeys.has(ruleKey(r)))
        if (added.length === 0 && removed.length === 0) return false
        mustHoldRules(actor.ability, [...added, ...removed], t)
        const at = now()
        await repo.writes.replaceDirectRules(tx, id, [...wanted, ...kept])
        await repo.writes.update(tx, id, { updatedAt: at, version: row.user.version + 1 })
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
      return detail(actor, id)
    },
  }
}

/** A user deactivated, reactivated or their two-step sign-in reset, one at a time or in bulk. */
export function userLifecycle(ctx: UsersContext, { detail }: { detail(actor: UserActor, id: string): Promise<UserDetail> }) {
  const { database, opts, repo, now, rulesOf, refusal, change, changeable } = ctx
  return {
    async deactivate(actor: UserActor, id: string, input: z.output<typeof deactivateUserSchema>, t: Translate): Promise<UserDetail> {
      if (id === actor.id) throw validationError({ reason: [t('validation.deactivateSelf')] })
      await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, input.version)
        if (!row.user.active) return
        const at = now()
        await repo.writes.update(tx, id, { active: false, deactivatedAt: at, deactivationReason: input.reason, updatedAt: at, version: row.user.version + 1 })
        await opts.endSessions(tx, [id])
        await change(tx, actor, id, 'deactivated', { before: { active: true }, after: { active: false }, reason: input.reason }, at)
      })
      return detail(actor, id)
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
      return detail(actor, id)
    },

    async reactivate(actor: UserActor, id: string, version: number): Promise<UserDetail> {
      await database.transaction(async (tx) => {
        const row = await changeable(tx, actor, id, version)
        if (row.user.active) return
        const at = now()
        await repo.writes.update(tx, id, { active: true, deactivatedAt: null, deactivationReason: null, updatedAt: at, version: row.user.version + 1 })
        await change(tx, actor, id, 'reactivated', { before: { active: false }, after: { active: true } }, at)
      })
      return detail(actor, id)
    },

    /**
     * Moves the selected users to a team, or deactivates them: one transaction; the users this actor may not
     * change (not visible, out of scope or outranking, themselves) are skipped and named.
     */
    async bulk(actor: UserActor, input: z.output<typeof bulkUsersSchema>, t: Translate): Promise<BulkUsersAnswer> {
      const ids = [...new Set(input.ids)]
      const result = await database.transaction(async (tx) => {
        if (input.action === 'team' && input.teamId && !(await repo.checks.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        const newTeam = input.action === 'team' ? (await repo.listReads.names(tx, { teamId: input.teamId })).team : null
        const found = await repo.listReads.subjects(tx, ids)
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
            await repo.writes.update(tx, id, { teamId: input.teamId, updatedAt: at, version: user.version + 1 })
            const was = (await repo.listReads.names(tx, { teamId: user.teamId })).team
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
            await repo.writes.update(tx, id, { active: false, deactivatedAt: at, deactivationReason: input.reason, updatedAt: at, version: user.version + 1 })
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
  }
}

/** Users imported from a CSV file: checked first, created on confirmation. */
export function userImport(ctx: UsersContext) {
  const { database, opts, repo, now, titles } = ctx
  return {
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
          // One password for the whole file, known to all of them: each sets their own at the first sign-in (decision 082).
          passwordChangeRequired: true,
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
        await repo.writes.insertMany(tx, rows)
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
