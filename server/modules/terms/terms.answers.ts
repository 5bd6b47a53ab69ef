import { and, eq } from 'drizzle-orm'
import type { LanguageCode } from '../../../shared/i18n'
import type { CurrentTerms } from '../../../shared/schemas/terms'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { TermsContext } from './terms.context'

/** The person's side: whether a version waits for their answer, its text in their language, and their answer. */
export function termsAnswers(ctx: TermsContext) {
  const { current, db, t, forgetCurrent, database, now, versionRow, ports } = ctx
  return {
    /** The version in force a person has not accepted, or null (the API's gate asks at every session load). */
    async pendingFor(userId: string): Promise<{ versionId: string; number: number } | null> {
      const terms = await current()
      if (!terms) return null
      const [answer] = await db
        .select({ answer: t.termsAnswers.answer })
        .from(t.termsAnswers)
        .where(and(eq(t.termsAnswers.versionId, terms.id), eq(t.termsAnswers.userId, userId)))
        .limit(1)
      return answer?.answer === 'accepted' ? null : { versionId: terms.id, number: terms.number }
    },
    /** The version in force in the person's language (English, then Swedish, when that text is empty). */
    async currentText(language: LanguageCode): Promise<CurrentTerms | null> {
      const terms = await current()
      if (!terms) return null
      const order: LanguageCode[] = [language, 'en', 'sv']
      const lang = order.find((l) => terms.texts[l].trim() !== '') ?? 'sv'
      return { id: terms.id, number: terms.number, publishedAt: terms.publishedAt, text: terms.texts[lang], language: lang }
    },
    /**
     * A person answers the version in force (only that one: an older or unpublished version is a 409). Logged on
     * the person; an answer again replaces the earlier one (a decline, then an accept at the next sign-in).
     */
    async answer(userId: string, versionId: string, answer: 'accepted' | 'declined') {
      const terms = await current()
      if (!terms || terms.id !== versionId) {
        forgetCurrent()
        const fresh = await current()
        if (!fresh || fresh.id !== versionId) throw new ApiError(409, 'conflict')
      }
      await database.transaction(async (tx) => {
        const at = now()
        // One row per person and version: a second answer (or the same one twice at once) replaces the first.
        await tx
          .insert(t.termsAnswers)
          .values({ versionId, userId, answer, at })
          .onConflictDoUpdate({ target: [t.termsAnswers.versionId, t.termsAnswers.userId], set: { answer, at } })
        const number = (await versionRow(tx, versionId)).number
        await logActivity(tx, t, {
          at,
          actorId: userId,
          entity: 'user',
          entityId: userId,
          action: answer === 'accepted' ? 'terms_accepted' : 'terms_declined',
          after: { termsVersion: number },
        })
      })
      ports.onAnswered(userId)
    },
  }
}
