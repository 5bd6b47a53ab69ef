import { and, eq, inArray, ne } from 'drizzle-orm'
import type { CreateCandidateInput, PrivateCandidateField, UpdateCandidateInput } from '../../../shared/schemas/candidates'
import { createCandidateSchema, updateCandidateSchema } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { changedFields } from '../../platform/activity-log'
import { type CandidateActor, type CandidatesContext, candidateSearchText } from './candidates.context'

type CreateInput = ReturnType<typeof createCandidateSchema.parse>
type UpdateInput = ReturnType<typeof updateCandidateSchema.parse>

/** The fields an edit writes, as the log names them. */
const EDITABLE = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'language',
  'regionId',
  'recruiterId',
  'startDate',
  'address',
  'postalCode',
  'city',
  'favouriteCake',
  'specialDiet',
  'tshirtSize',
  'shoeSize',
  'driversLicense',
  'iceType',
  'iceName',
  'icePhone',
] as const
const PRIVATE: readonly PrivateCandidateField[] = ['personalNumber', 'bankClearing', 'bankAccount']

/**
 * A candidate's record: adding one, editing it (version-checked), notes, closing as not hired and reopening, the page
 * with its steps, contracts, notes and log, and the numbers in full for who may read them (each reading logged).
 */
export function candidatesRecords(ctx: CandidatesContext) {
  const { database, t, c, ports, candidateFor, may, log, checkVersion } = ctx

  /** The recruiter and region an input names exist; a recruiter's candidate stays within what the actor may create. */
  async function checkPlaces(tx: Db, actor: CandidateActor, v: { recruiterId: string; regionId: string }, action: 'create' | 'update', translate: Translate) {
    const [names, places] = await Promise.all([ports.names(tx, { userIds: [v.recruiterId] }), ports.placeNames(tx, { regionIds: [v.regionId] })])
    const errors: Record<string, string[]> = {}
    if (!names.has(v.recruiterId)) errors.recruiterId = [translate('validation.unknownRecruiter')]
    if (!places.has(v.regionId)) errors.regionId = [translate('validation.unknownRegion')]
    if (Object.keys(errors).length) throw validationError(errors)
    if (!may(actor.ability, action, v)) throw new ApiError(403, 'forbidden')
  }

  /** One candidate in progress per e-mail address: a second is refused, naming the field. */
  async function checkEmail(tx: Db, email: string, except: string | null, translate: Translate) {
    const [other] = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.email, email), inArray(c.status, ['active', 'onboarded']), except ? ne(c.id, except) : undefined))
      .limit(1)
    if (other) throw validationError({ email: [translate('validation.candidateEmailTaken')] })
  }

  async function create(actor: CandidateActor, input: CreateCandidateInput, translate: Translate, now = Date.now()) {
    const v: CreateInput = createCandidateSchema.parse(input)
    const recruiterId = v.recruiterId ?? actor.id
    const id = crypto.randomUUID()
    await database.transaction(async (tx) => {
      await checkPlaces(tx, actor, { recruiterId, regionId: v.regionId }, 'create', translate)
      await checkEmail(tx, v.email, null, translate)
      await tx.insert(c).values({
        id,
        recruiterId,
        regionId: v.regionId,
        status: 'active',
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        phone: v.phone,
        language: v.language,
        startDate: v.startDate,
        step: 'preonboarding',
        searchText: candidateSearchText(v),
        createdAt: now,
        updatedAt: now,
      })
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'created', after: { ...v, recruiterId } })
    })
    return { id }
  }

  async function update(actor: CandidateActor, id: string, input: UpdateCandidateInput, translate: Translate, now = Date.now()) {
    const v: UpdateInput = updateCandidateSchema.parse(input)
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'update')
      if (row.status === 'erased') throw ctx.blocked(translate, 'candidates.blocked.erased')
      checkVersion(row, v.version)
      if (row.recruiterId !== v.recruiterId || row.regionId !== v.regionId) await checkPlaces(tx, actor, v, 'update', translate)
      if (row.email !== v.email) await checkEmail(tx, v.email, id, translate)
      const next: Record<string, unknown> = Object.fromEntries(EDITABLE.map((k) => [k, v[k]]))
      // A sensitive field absent or empty keeps what is stored; null removes it.
      for (const k of PRIVATE) if (v[k] !== undefined) next[k] = v[k]
      const { before, after } = changedFields(row as Record<string, unknown>, next)
      if (Object.keys(after).length === 0) return { version: row.version }
      const version = row.version + 1
      await tx
        .update(c)
        .set({ ...after, searchText: candidateSearchText({ ...row, ...(after as object) }), updatedAt: now, version })
        .where(eq(c.id, id))
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'updated', before, after })
      return { version }
    })
  }

  async function addNote(actor: CandidateActor, id: string, text: string, now = Date.now()) {
    return database.transaction(async (tx) => {
      await candidateFor(tx, actor, id, 'update')
      const noteId = crypto.randomUUID()
      await tx.insert(t.candidateNotes).values({ id: noteId, candidateId: id, authorId: actor.id, text, createdAt: now })
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'note_added' })
      return { id: noteId }
    })
  }

  /** Not hired: the candidate leaves the list of those in progress; the erasure's retention starts now. */
  async function close(actor: CandidateActor, id: string, input: { reason: string; version: number }, translate: Translate, now = Date.now()) {
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'update')
      checkVersion(row, input.version)
      if (row.status !== 'active') throw ctx.blocked(translate, row.status === 'onboarded' ? 'candidates.blocked.onboarded' : 'candidates.blocked.closed')
      await tx
        .update(c)
        .set({ status: 'closed', closedAt: now, closedReason: input.reason, updatedAt: now, version: row.version + 1 })
        .where(eq(c.id, id))
      await log(tx, {
        at: now,
        actorId: actor.id,
        candidateId: id,
        action: 'closed',
        before: { status: 'active' },
        after: { status: 'closed' },
        reason: input.reason,
      })
      return { version: row.version + 1 }
    })
  }

  async function reopen(actor: CandidateActor, id: string, input: { version: number }, translate: Translate, now = Date.now()) {
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'update')
      checkVersion(row, input.version)
      if (row.status !== 'closed') throw ctx.blocked(translate, row.status === 'erased' ? 'candidates.blocked.erased' : 'candidates.blocked.notClosed')
      await tx
        .update(c)
        .set({ status: 'active', closedAt: null, closedReason: null, updatedAt: now, version: row.version + 1 })
        .where(eq(c.id, id))
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'reopened', before: { status: 'closed' }, after: { status: 'active' } })
      return { version: row.version + 1 }
    })
  }

  /** The identity and bank numbers in full, for who may read them; the reading is logged (without the numbers). */
  async function reveal(actor: CandidateActor, id: string, fields: PrivateCandidateField[], now = Date.now()) {
    if (!actor.ability.can('view', 'candidate_private_data')) throw new ApiError(403, 'forbidden')
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id)
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'private_read', after: Object.fromEntries(fields.map((f) => [f, row[f]])) })
      return Object.fromEntries(fields.map((f) => [f, row[f]])) as Partial<Record<PrivateCandidateField, string | null>>
    })
  }

  return { create, update, addNote, close, reopen, reveal }
}
