import { and, eq, isNull, lt } from 'drizzle-orm'
import { TRANSLATORS } from '../../../shared/i18n'
import type { ContractKind, StepName } from '../../../shared/schemas/candidates'
import type { CandidatesContext } from './candidates.context'
import type { CandidateLinks } from './candidates.links'
import type { CandidatesPrivacy } from './candidates.privacy'

const STEP_OF: Record<ContractKind, StepName> = { work: 'work_contract', education: 'education_contract' }
const DAY_MS = 24 * 60 * 60 * 1000

/** Reminders (docs/decisions/070): an unsigned contract signed in the app is reminded once after the organisation's days. */
export function candidatesReminders(ctx: CandidatesContext, links: CandidateLinks, privacy: CandidatesPrivacy) {
  const { database, db, t, c, mail, log } = ctx
  /** Unsigned contracts sent in the app longer ago than the reminder days get one reminder: a fresh link by e-mail. */
  async function remindUnsigned(origin: string, now = Date.now()): Promise<number> {
    const { reminderDays, linkDays } = await privacy.settings()
    const due = await db
      .select({ id: t.candidateContracts.id })
      .from(t.candidateContracts)
      .where(
        and(
          eq(t.candidateContracts.status, 'sent'),
          eq(t.candidateContracts.signer, 'builtin'),
          isNull(t.candidateContracts.remindedAt),
          lt(t.candidateContracts.sentAt, now - reminderDays * DAY_MS),
        ),
      )
      .limit(500)
    let reminded = 0
    for (const { id } of due) {
      await database.transaction(async (tx) => {
        const [contract] = await tx.select().from(t.candidateContracts).where(eq(t.candidateContracts.id, id))
        if (!contract || contract.status !== 'sent' || contract.remindedAt !== null) return
        const [candidate] = await tx.select().from(c).where(eq(c.id, contract.candidateId))
        if (!candidate || candidate.status !== 'active') return
        const link = await links.newLink(tx, candidate.id, 'sign', linkDays, now, contract.id)
        await mail.send(tx, {
          to: candidate.email,
          template: 'candidateContractReminder',
          language: candidate.language,
          params: {
            name: candidate.firstName,
            link: `${origin}/candidate/${link.token}/sign`,
            days: linkDays,
            contract: TRANSLATORS[candidate.language](`candidates.kinds.${contract.kind}`),
          },
        })
        await tx.update(t.candidateContracts).set({ remindedAt: now }).where(eq(t.candidateContracts.id, id))
        await tx.update(c).set({ reminderSentAt: now }).where(eq(c.id, candidate.id))
        await log(tx, { at: now, actorId: null, candidateId: candidate.id, action: 'contract_reminded', after: { step: STEP_OF[contract.kind] } })
        reminded++
      })
    }
    return reminded
  }

  return { remindUnsigned }
}
