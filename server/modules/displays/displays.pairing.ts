import { randomBytes } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, eq, lt } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { DISPLAY_CODE_TTL_MS, displayCodeFrom } from '../../../shared/rules/displays'
import type { Translate } from '../../../shared/schemas/errors'
import type { DisplayPairing, DisplaySetup, DisplayView, PairDisplayInput } from '../../../shared/schemas/displays'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { hashSecret, newSecret, type DisplayRow, type DisplaysContext } from './displays.context'

/** A wait whose code expired this long ago is cleared (the screen has asked for a new code long since). */
const STALE_WAIT_MS = 60 * 60_000

type Actor = { id: string; ability: AppAbility }
type Change = { now: number; translate: Translate }
type Setup = Required<Pick<DisplaySetup, 'name' | 'officeId' | 'scenes'>> & { teamIds: string[] }

/**
 * Pairing an office screen (docs/decisions/101): a kiosk browser asks for a code and keeps a secret; an admin or a
 * manager enters the code and says what the screen shows (an office they may pair screens to, teams of it, scenes);
 * later they change that or revoke the screen. Every change is versioned, logged and told as `display.changed`.
 */
export function displayPairing(ctx: DisplaysContext, after: { changed(id: string): void }) {
  const { database, d, ports, events, t } = ctx

  /** What the screen is to show, checked: an office the actor may pair screens to, and teams of that office. */
  async function checkedSetup(tx: Db, actor: Actor, setup: Setup, translate: Translate): Promise<Setup> {
    const offices = await ports.officeNames(tx, [setup.officeId])
    if (!offices.has(setup.officeId) || !actor.ability.can('update', subject('displays', { officeId: setup.officeId })))
      throw validationError({ officeId: [translate('validation.displays.office')] })
    const teamIds = [...new Set(setup.teamIds)]
    if (teamIds.length > 0) {
      const ofOffice = new Set(await ports.teamsOfOffice(tx, setup.officeId))
      if (teamIds.some((id) => !ofOffice.has(id))) throw validationError({ teamIds: [translate('validation.displays.teams')] })
    }
    return { name: setup.name, officeId: setup.officeId, teamIds, scenes: setup.scenes }
  }

  /** A paired or revoked screen the actor may change; another office's is not there for them. */
  async function ownScreen(tx: Db, actor: Actor, id: string, version: number): Promise<DisplayRow> {
    const [row] = await tx.select().from(d).where(eq(d.id, id))
    if (!row || row.state === 'pending' || !actor.ability.can('update', subject('displays', { officeId: row.officeId }))) throw notFound()
    if (row.version !== version) throw new ApiError(409, 'version_conflict', { details: { current: (await ctx.views(tx, [row]))[0] } })
    return row
  }

  /** Writes the screen's next version; another change that came first is a 409. */
  async function moved(tx: Db, row: DisplayRow, changes: Partial<DisplayRow>): Promise<DisplayRow> {
    const [next] = await tx
      .update(d)
      .set({ ...changes, version: row.version + 1 })
      .where(and(eq(d.id, row.id), eq(d.version, row.version)))
      .returning()
    if (!next) throw new ApiError(409, 'version_conflict', { details: {} })
    return next
  }

  return {
    /** A kiosk asks to be paired: a screen waiting, with its code and the secret it keeps. Long-expired waits go. */
    async request(now: number): Promise<DisplayPairing> {
      const secret = newSecret()
      return database.transaction(async (tx) => {
        await tx.delete(d).where(and(eq(d.state, 'pending'), lt(d.codeExpiresAt, now - STALE_WAIT_MS)))
        // A code another waiting screen holds is drawn again (26^8 codes: a second draw is already rare).
        for (let attempt = 0; attempt < 5; attempt++) {
          const code = displayCodeFrom((n) => randomBytes(n))
          const id = crypto.randomUUID()
          const expiresAt = now + DISPLAY_CODE_TTL_MS
          const [made] = await tx
            .insert(d)
            .values({
              id,
              state: 'pending',
              code,
              codeExpiresAt: expiresAt,
              secretHash: hashSecret(secret),
              secretIssuedAt: now,
              teamIds: [],
              scenes: [],
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing({ target: d.code })
            .returning({ id: d.id })
          if (made) return { id, code, secret, expiresAt }
        }
        throw new Error('displays: no free pairing code in five draws')
      })
    },

    /** The code entered: the waiting screen becomes one that shows what the actor chose. */
    async pair(actor: Actor, input: PairDisplayInput & { code: string }, c: Change): Promise<DisplayView> {
      return database.transaction(async (tx) => {
        const [waiting] = await tx
          .select()
          .from(d)
          .where(and(eq(d.code, input.code), eq(d.state, 'pending')))
        if (!waiting) throw validationError({ code: [c.translate('validation.displays.codeUnknown')] })
        if ((waiting.codeExpiresAt ?? 0) < c.now) throw validationError({ code: [c.translate('validation.displays.codeExpired')] })
        const setup = await checkedSetup(tx, actor, { ...input, teamIds: input.teamIds ?? [] }, c.translate)
        const row = await moved(tx, waiting, {
          ...setup,
          state: 'paired',
          code: null,
          codeExpiresAt: null,
          pairedAt: c.now,
          pairedById: actor.id,
          updatedAt: c.now,
        })
        await logActivity(tx, t, { at: c.now, actorId: actor.id, entity: 'display', entityId: row.id, action: 'created', after: setup })
        await events.record(tx, 'display.changed', { displayId: row.id, officeId: row.officeId, state: 'paired' }, { actorId: actor.id, at: c.now })
        return (await ctx.views(tx, [row]))[0]!
      })
    },

    /** What a paired screen shows, changed (its name, office, teams, scenes); a revoked one stays revoked. */
    async change(actor: Actor, id: string, input: DisplaySetup & { version: number }, c: Change): Promise<DisplayView> {
      const view = await database.transaction(async (tx) => {
        const before = await ownScreen(tx, actor, id, input.version)
        if (before.state !== 'paired') throw new ApiError(409, 'conflict')
        const setup = await checkedSetup(tx, actor, { ...input, teamIds: input.teamIds ?? [] }, c.translate)
        const row = await moved(tx, before, { ...setup, updatedAt: c.now })
        const diff = changedFields(
          { name: before.name, officeId: before.officeId, teamIds: before.teamIds, scenes: before.scenes },
          setup as Record<string, unknown>,
        )
        await logActivity(tx, t, { at: c.now, actorId: actor.id, entity: 'display', entityId: row.id, action: 'updated', ...diff })
        await events.record(tx, 'display.changed', { displayId: row.id, officeId: row.officeId, state: 'paired' }, { actorId: actor.id, at: c.now })
        return (await ctx.views(tx, [row]))[0]!
      })
      after.changed(id)
      return view
    },

    /** Revoked: its credential answers nothing more (within the credential's cache), and it pairs again from scratch. */
    async revoke(actor: Actor, id: string, version: number, c: Pick<Change, 'now'>): Promise<DisplayView> {
      const view = await database.transaction(async (tx) => {
        const before = await ownScreen(tx, actor, id, version)
        if (before.state === 'revoked') return (await ctx.views(tx, [before]))[0]!
        const row = await moved(tx, before, {
          state: 'revoked',
          revokedAt: c.now,
          revokedById: actor.id,
          nextSecretHash: null,
          nextSecretAt: null,
          updatedAt: c.now,
        })
        await logActivity(tx, t, { at: c.now, actorId: actor.id, entity: 'display', entityId: row.id, action: 'withdrawn' })
        await events.record(tx, 'display.changed', { displayId: row.id, officeId: row.officeId, state: 'revoked' }, { actorId: actor.id, at: c.now })
        return (await ctx.views(tx, [row]))[0]!
      })
      // This instance answers the screen's next question from the row as it is now (others within their 2 s).
      after.changed(id)
      return view
    },
  }
}
export type DisplayPairingPart = ReturnType<typeof displayPairing>
