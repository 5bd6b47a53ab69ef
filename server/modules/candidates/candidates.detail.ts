import { desc, eq } from 'drizzle-orm'
import { maskAccount, maskCandidateIdentity, STEP_ORDER, stepRefusal } from '../../../shared/rules/candidates'
import type { CandidateDetail, CandidateStep } from '../../../shared/schemas/candidates'
import { activityLines } from '../../platform/activity-log'
import type { CandidateActor, CandidatesContext } from './candidates.context'

/**
 * A candidate's page (docs/decisions/070): the record with its numbers masked, each step's state and why it cannot
 * start now, the contracts, the notes with their authors, the log, and what the reader may do.
 */
export function candidateDetail(ctx: CandidatesContext) {
  const { database, db, t, ports, candidateFor, may, listItems, stepsOf, statusesOf } = ctx
  async function detail(actor: CandidateActor, id: string): Promise<CandidateDetail> {
    const row = await candidateFor(db, actor, id)
    const [item] = await listItems(db, [row])
    const [steps, contracts, notes, activity] = await Promise.all([
      stepsOf(db, id),
      db.select().from(t.candidateContracts).where(eq(t.candidateContracts.candidateId, id)).orderBy(desc(t.candidateContracts.sentAt)),
      db.select().from(t.candidateNotes).where(eq(t.candidateNotes.candidateId, id)).orderBy(desc(t.candidateNotes.createdAt)),
      activityLines(database, 'candidate', id),
    ])
    const authors = await ports.names(db, { userIds: notes.flatMap((n) => (n.authorId ? [n.authorId] : [])) })
    const statuses = statusesOf(steps)
    const state = { status: row.status, steps: statuses, hasAdditionalInfo: row.hasAdditionalInfo, workContractSigned: row.workContractSignedAt !== null }
    const mayUpdate = may(actor.ability, 'update', row)
    const mayAccounts = actor.ability.can('create', 'candidate_accounts')
    const stepList: CandidateStep[] = STEP_ORDER.map((step) => {
      const s = steps.get(step)
      const refusal = !mayUpdate
        ? 'candidates.blocked.notAllowed'
        : step === 'accounts' && !mayAccounts
          ? 'candidates.blocked.notAllowed'
          : stepRefusal(step, state)
      return {
        step,
        status: s?.status ?? 'waiting',
        runs: s?.runs ?? 0,
        error: s?.error ?? null,
        detail: s?.detail ?? null,
        startedAt: s?.startedAt ?? null,
        finishedAt: s?.finishedAt ?? null,
        blockedBy: refusal,
      }
    })
    return {
      ...item!,
      language: row.language,
      userId: row.userId,
      directoryEmail: row.directoryEmail,
      reminderSentAt: row.reminderSentAt,
      workContractSentAt: row.workContractSentAt,
      workContractSignedAt: row.workContractSignedAt,
      educationContractId: row.educationContractId,
      educationContractSignedAt: row.educationContractSignedAt,
      onboardedAt: row.onboardedAt,
      closedAt: row.closedAt,
      closedReason: row.closedReason,
      address: row.address,
      postalCode: row.postalCode,
      city: row.city,
      favouriteCake: row.favouriteCake,
      specialDiet: row.specialDiet,
      tshirtSize: row.tshirtSize,
      shoeSize: row.shoeSize,
      driversLicense: row.driversLicense,
      iceType: row.iceType,
      iceName: row.iceName,
      icePhone: row.icePhone,
      spaceId: row.spaceId,
      spaceUrl: row.spaceUrl,
      private: {
        personalNumber: maskCandidateIdentity(row.personalNumber),
        bankClearing: row.bankClearing,
        bankAccount: maskAccount(row.bankAccount),
      },
      steps: stepList,
      contracts: contracts.map((k) => ({
        id: k.id,
        kind: k.kind,
        status: k.status,
        signer: k.signer,
        sentAt: k.sentAt,
        signedAt: k.signedAt,
        remindedAt: k.remindedAt,
        fileId: k.fileId,
        signedFileId: k.signedFileId,
        sha256: k.sha256,
      })),
      notes: notes.map((n) => ({ id: n.id, text: n.text, authorName: n.authorId ? (authors.get(n.authorId) ?? null) : null, createdAt: n.createdAt })),
      activity,
      version: row.version,
      updatedAt: row.updatedAt,
      may: {
        update: mayUpdate && row.status !== 'erased',
        close: mayUpdate && row.status === 'active',
        erase: may(actor.ability, 'delete', row) && row.status !== 'erased',
        export: may(actor.ability, 'delete', row) && row.status !== 'erased',
        readPrivate: actor.ability.can('view', 'candidate_private_data'),
        createAccounts: mayAccounts,
      },
    }
  }

  return { detail }
}
