import { and, eq, lt } from 'drizzle-orm'
import type { CandidateSettings } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import type { CandidateActor, CandidatesContext } from './candidates.context'

export const DEFAULT_CANDIDATE_SETTINGS = { retentionDays: 180, reminderDays: 3, linkDays: 14 } as const
const SETTINGS_ID = 'candidates'
const DAY_MS = 24 * 60 * 60 * 1000
/** How many expired candidates one run of the erasure job erases (the next run takes the rest). */
const ERASE_BATCH = 500

/**
 * Data protection (docs/decisions/070): the organisation's retention and reminder settings, the erasure of a
 * candidate who was not hired (by the job after the retention period, or by an admin on request) — anonymised in
 * place, so counts and the log's lines stay and nothing personal does — and the export of one candidate's data.
 */
export function candidatesPrivacy(ctx: CandidatesContext) {
  const { database, db, t, c, candidateFor, log, files } = ctx

  async function settings(tx: Db = db): Promise<CandidateSettings> {
    const [row] = await tx.select().from(t.candidateSettings).where(eq(t.candidateSettings.id, SETTINGS_ID))
    return row
      ? { retentionDays: row.retentionDays, reminderDays: row.reminderDays, linkDays: row.linkDays, version: row.version }
      : { ...DEFAULT_CANDIDATE_SETTINGS, version: 1 }
  }

  async function updateSettings(actor: CandidateActor, input: CandidateSettings, now = Date.now()) {
    return database.transaction(async (tx) => {
      const current = await settings(tx)
      if (current.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { version: current.version } })
      const values = {
        retentionDays: input.retentionDays,
        reminderDays: input.reminderDays,
        linkDays: input.linkDays,
        updatedAt: now,
        version: current.version + 1,
      }
      const [existing] = await tx.select({ id: t.candidateSettings.id }).from(t.candidateSettings).where(eq(t.candidateSettings.id, SETTINGS_ID))
      if (existing) await tx.update(t.candidateSettings).set(values).where(eq(t.candidateSettings.id, SETTINGS_ID))
      else await tx.insert(t.candidateSettings).values({ id: SETTINGS_ID, ...values })
      const { version: _v, ...before } = current
      await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'candidate_settings', entityId: SETTINGS_ID, action: 'updated', before, after: values })
      return { ...values, version: values.version }
    })
  }

  /** Anonymises a candidate in place: the row, its notes, links and contract files; the log keeps its lines. */
  async function eraseIn(tx: Db, id: string, actorId: string | null, reason: string, now: number) {
    const contracts = await tx
      .select({ fileId: t.candidateContracts.fileId, signedFileId: t.candidateContracts.signedFileId })
      .from(t.candidateContracts)
      .where(eq(t.candidateContracts.candidateId, id))
    await files.remove(
      tx,
      contracts.flatMap((k) => [k.fileId, ...(k.signedFileId ? [k.signedFileId] : [])]),
    )
    await tx.update(t.candidateContracts).set({ audit: null, externalId: null }).where(eq(t.candidateContracts.candidateId, id))
    await tx.delete(t.candidateNotes).where(eq(t.candidateNotes.candidateId, id))
    await tx.delete(t.candidateLinks).where(eq(t.candidateLinks.candidateId, id))
    await tx
      .update(c)
      .set({
        status: 'erased',
        erasedAt: now,
        firstName: '—',
        lastName: '',
        email: `erased-${id}@invalid`,
        phone: null,
        personalNumber: null,
        bankClearing: null,
        bankAccount: null,
        address: null,
        postalCode: null,
        city: null,
        favouriteCake: null,
        specialDiet: null,
        tshirtSize: null,
        shoeSize: null,
        driversLicense: null,
        iceType: null,
        iceName: null,
        icePhone: null,
        directoryEmail: null,
        spaceId: null,
        spaceUrl: null,
        closedReason: null,
        searchText: '',
        updatedAt: now,
      })
      .where(eq(c.id, id))
    await log(tx, { at: now, actorId, candidateId: id, action: 'erased', reason })
  }

  /** An admin's erasure on request: any candidate not yet erased but one who was hired (their data is the user's now). */
  async function erase(actor: CandidateActor, id: string, translate: Translate, now = Date.now()) {
    await database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'delete')
      if (row.status === 'erased') throw ctx.blocked(translate, 'candidates.blocked.erased')
      await eraseIn(tx, id, actor.id, 'request', now)
    })
  }

  /** Everything kept about one candidate, as a file for them (the numbers in full: it is their own data); logged. */
  async function exportData(actor: CandidateActor, id: string, now = Date.now()) {
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'delete')
      const [notes, steps, contracts] = await Promise.all([
        tx.select({ text: t.candidateNotes.text, createdAt: t.candidateNotes.createdAt }).from(t.candidateNotes).where(eq(t.candidateNotes.candidateId, id)),
        tx.select().from(t.candidateSteps).where(eq(t.candidateSteps.candidateId, id)),
        tx.select().from(t.candidateContracts).where(eq(t.candidateContracts.candidateId, id)),
      ])
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'exported' })
      const { searchText: _s, version: _v, ...candidate } = row
      return {
        exportedAt: new Date(now).toISOString(),
        candidate,
        notes,
        steps: steps.map((s) => ({ step: s.step, status: s.status, startedAt: s.startedAt, finishedAt: s.finishedAt })),
        contracts: contracts.map((k) => ({ kind: k.kind, status: k.status, sentAt: k.sentAt, signedAt: k.signedAt, sha256: k.sha256, audit: k.audit })),
        activity: await activityLines(database, 'candidate', id),
      }
    })
  }

  /** The job's work: candidates closed longer ago than the retention period are erased, a batch per run. */
  async function eraseExpired(now = Date.now()): Promise<number> {
    const { retentionDays } = await settings()
    const due = await db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.status, 'closed'), lt(c.closedAt, now - retentionDays * DAY_MS)))
      .limit(ERASE_BATCH)
    for (const { id } of due) {
      await database.transaction(async (tx) => {
        const [row] = await tx.select({ status: c.status }).from(c).where(eq(c.id, id))
        if (row?.status === 'closed') await eraseIn(tx, id, null, 'retention', now)
      })
    }
    return due.length
  }

  return { settings, updateSettings, erase, exportData, eraseExpired }
}

export type CandidatesPrivacy = ReturnType<typeof candidatesPrivacy>
