import { and, asc, eq } from 'drizzle-orm'
import { unknownTemplateFields } from '../../../shared/rules/candidates'
import type { CandidateLanguage, ContractKind, StepName } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { CandidateActor, CandidateRow, CandidatesContext } from './candidates.context'

export const KIND_OF_STEP: Partial<Record<StepName, ContractKind>> = { work_contract: 'work', education_contract: 'education' }

/**
 * The contracts' templates (docs/decisions/070): one per kind and language, kept by back office, version-checked and
 * logged; a template may use only the known fields. A contract step starts only when its kind has a template.
 */
export function candidatesTemplates(ctx: CandidatesContext) {
  const { database, db, t } = ctx

  async function templates() {
    return db.select().from(t.contractTemplates).orderBy(asc(t.contractTemplates.kind), asc(t.contractTemplates.language))
  }

  /** The template for a kind in a language, else the Swedish one, else any. */
  async function templateFor(tx: Db, kind: ContractKind, language: CandidateLanguage) {
    const rows = await tx.select().from(t.contractTemplates).where(eq(t.contractTemplates.kind, kind))
    return rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'sv') ?? rows[0] ?? null
  }

  async function saveTemplate(
    actor: CandidateActor,
    input: { kind: ContractKind; language: CandidateLanguage; title: string; body: string; version: number | null },
    translate: Translate,
    now = Date.now(),
  ) {
    const unknown = unknownTemplateFields(`${input.title}\n${input.body}`)
    if (unknown.length) throw validationError({ body: [translate('validation.templateFields', { fields: unknown.map((f) => `{{${f}}}`).join(', ') })] })
    return database.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(t.contractTemplates)
        .where(and(eq(t.contractTemplates.kind, input.kind), eq(t.contractTemplates.language, input.language)))
      if ((row?.version ?? null) !== input.version) throw new ApiError(409, 'version_conflict', { details: { version: row?.version ?? null } })
      const id = row?.id ?? crypto.randomUUID()
      const version = (row?.version ?? 0) + 1
      if (row) {
        await tx
          .update(t.contractTemplates)
          .set({ title: input.title, body: input.body, updatedAt: now, updatedBy: actor.id, version })
          .where(eq(t.contractTemplates.id, id))
      } else {
        await tx.insert(t.contractTemplates).values({
          id,
          kind: input.kind,
          language: input.language,
          title: input.title,
          body: input.body,
          createdAt: now,
          updatedAt: now,
          updatedBy: actor.id,
          version,
        })
      }
      await logActivity(tx, t, {
        at: now,
        actorId: actor.id,
        entity: 'contract_template',
        entityId: id,
        action: row ? 'updated' : 'created',
        before: row ? { title: row.title, body: row.body } : null,
        after: { kind: input.kind, language: input.language, title: input.title, body: input.body },
      })
      return { id, version }
    })
  }

  return {
    templates,
    templateFor,
    saveTemplate,
    /** A contract step starts only when its kind has a template. */
    templateCheck: (step: StepName, translate: Translate) => async (tx: Db, candidate: CandidateRow) => {
      const kind = KIND_OF_STEP[step]
      if (kind && !(await templateFor(tx, kind, candidate.language))) throw ctx.blocked(translate, 'candidates.blocked.noTemplate')
    },
  }
}
export type CandidatesTemplates = ReturnType<typeof candidatesTemplates>
