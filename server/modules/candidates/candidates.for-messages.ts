import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { CandidatesContext } from './candidates.context'

/**
 * What the scheduled messages ask about recruiting (decision 071): the candidates a contract waits for (to remind
 * them by e-mail) and, per recruiter, how many of their candidates have a contract not yet signed.
 */
export function candidatesForMessages(ctx: CandidatesContext) {
  const { t, c } = ctx
  const k = t.candidateContracts
  const open = and(eq(k.status, 'sent'), isNull(c.erasedAt), eq(c.status, 'active'))
  return {
    async withUnsignedContract(db: Db): Promise<Array<{ id: string; firstName: string; lastName: string; email: string; language: string }>> {
      const rows = await db
        .selectDistinct({ id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, language: c.language })
        .from(k)
        .innerJoin(c, eq(c.id, k.candidateId))
        .where(open)
      return rows
    },
    async unsignedByRecruiter(db: Db, recruiterIds: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>()
      for (let i = 0; i < recruiterIds.length; i += 500) {
        const rows = await db
          .select({ recruiterId: c.recruiterId, n: count() })
          .from(k)
          .innerJoin(c, eq(c.id, k.candidateId))
          .where(and(open, inArray(c.recruiterId, recruiterIds.slice(i, i + 500))))
          .groupBy(c.recruiterId)
        for (const r of rows) out.set(r.recruiterId, r.n)
      }
      return out
    },
  }
}
