import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { gradeOf, starterContent, surveyNki, surveyScore, type Answers } from '../../shared/rules/quality'
import type { Database, Db } from '../db/client'

/**
 * The demo's sale quality (docs/decisions/045): the default survey template in use, and surveys of the demo seller's
 * sales as quality control would have left them: the approved ones answered and graded (the grade on the sale), the
 * regretted one with the customer's reason, the waiting and flagged ones in the call queue.
 */
export async function seedQualityDemo(database: Database, tx: Db, sellerId: string, controllerId: string | null, now: number) {
  const { t } = database
  const content = starterContent()
  const templateId = randomUUID()
  const versionId = randomUUID()
  await tx.insert(t.qualityTemplates).values({
    id: templateId,
    name: 'Standard',
    providerId: null,
    active: true,
    createdAt: now - 40 * 86_400_000,
    updatedAt: now - 40 * 86_400_000,
    version: 1,
  })
  await tx
    .insert(t.qualityTemplateVersions)
    .values({ id: versionId, templateId, number: 1, content, createdAt: now - 40 * 86_400_000, createdBy: controllerId })
  const sales = await tx
    .select()
    .from(t.sales)
    .where(and(eq(t.sales.sellerId, sellerId), inArray(t.sales.status, ['approved', 'finalized', 'flagged', 'regret'])))
    .orderBy(t.sales.soldAt)
  const answersFor: Answers[] = [
    { satisfied: 5, understood: true, recommend: 5, comment: 'Mycket trevlig och tydlig säljare.' },
    { satisfied: 3, understood: true, recommend: 3 },
  ]
  let answered = 0
  for (const sale of sales) {
    const base = {
      id: randomUUID(),
      saleId: sale.id,
      sellerId: sale.sellerId,
      teamId: sale.teamId,
      officeId: sale.officeId,
      providerId: sale.providerId,
      sellDate: sale.sellDate,
      soldAt: sale.soldAt,
      reason: 'sample' as const,
      templateId,
      nextTryAt: sale.soldAt,
      createdAt: sale.soldAt,
      updatedAt: sale.soldAt,
      version: 1,
    }
    if (sale.status === 'approved' && answered < answersFor.length) {
      const answers = answersFor[answered++]!
      const score = surveyScore(content.questions, answers)
      const grade = gradeOf(score, content.grades)
      const nki = surveyNki(content.questions, answers)
      const at = Math.min(now, sale.soldAt + 86_400_000)
      await tx.insert(t.qualitySurveys).values({
        ...base,
        status: 'answered',
        templateVersionId: versionId,
        attempts: 1,
        answers,
        scoreTenths: score === null ? null : Math.round(score * 10),
        grade,
        nkiTenths: nki === null ? null : Math.round(nki * 10),
        channel: 'call',
        answeredAt: at,
        answeredBy: controllerId,
        updatedAt: at,
      })
      await tx.update(t.sales).set({ qualityGrade: grade }).where(eq(t.sales.id, sale.id))
    } else if (sale.status === 'regret') {
      const at = Math.min(now, sale.soldAt + 86_400_000)
      await tx.insert(t.qualitySurveys).values({
        ...base,
        status: 'regret',
        templateVersionId: versionId,
        attempts: 1,
        regretReason: 'Hittade ett billigare erbjudande.',
        channel: 'call',
        answeredAt: at,
        answeredBy: controllerId,
        updatedAt: at,
      })
    } else if (sale.status === 'finalized' || sale.status === 'flagged') {
      const attempts = sale.status === 'flagged' ? 1 : 0
      await tx
        .insert(t.qualitySurveys)
        .values({ ...base, status: 'queued', attempts, nextTryAt: attempts ? Math.min(now, sale.soldAt + 86_400_000) : sale.soldAt })
    }
  }
}
