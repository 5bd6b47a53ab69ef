import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { type ExternalTemplateItem, type externalTemplateInputSchema, type externalTemplateUpdateSchema } from '../../../shared/schemas/external-accounts'
import type { Translate } from '../../../shared/schemas/errors'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type ExternalAccountsContext } from './external-accounts.context'

/** The external systems a person may have an account in: their templates, kept by an admin. */
export function externalAccountTemplates(ctx: ExternalAccountsContext) {
  const { database, t, now, templates, template, nameFree } = ctx
  return {
    templates: () => templates(),

    createTemplate(actor: { id: string }, input: z.output<typeof externalTemplateInputSchema>, translate: Translate): Promise<ExternalTemplateItem> {
      return database.transaction(async (tx) => {
        await nameFree(tx, input.name, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.externalAccountTemplates).values({ id, ...input, createdAt: at })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'external_account_template', entityId: id, action: 'created', after: { ...input } })
        return template(tx, id)
      })
    },

    updateTemplate(
      actor: { id: string },
      id: string,
      input: z.output<typeof externalTemplateUpdateSchema>,
      translate: Translate,
    ): Promise<ExternalTemplateItem> {
      return database.transaction(async (tx) => {
        const current = await template(tx, id)
        if (current.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { current } })
        await nameFree(tx, input.name, id, translate)
        const { version: _seen, ...fields } = input
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(fields)) {
          if (current[k as keyof typeof fields] !== v) [before[k], after[k]] = [current[k as keyof typeof fields], v]
        }
        if (Object.keys(after).length === 0) return current
        const at = now()
        await tx
          .update(t.externalAccountTemplates)
          .set({ ...fields, version: current.version + 1 })
          .where(eq(t.externalAccountTemplates.id, id))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'external_account_template', entityId: id, action: 'updated', before, after })
        return template(tx, id)
      })
    },

    /** A template goes with its accounts and their passwords (the dialog says how many). */
    removeTemplate(actor: { id: string }, id: string): Promise<{ id: string; accounts: number }> {
      return database.transaction(async (tx) => {
        const current = await template(tx, id)
        await tx.delete(t.externalAccounts).where(eq(t.externalAccounts.templateId, id))
        await tx.delete(t.externalAccountTemplates).where(eq(t.externalAccountTemplates.id, id))
        await logActivity(tx, t, {
          at: now(),
          actorId: actor.id,
          entity: 'external_account_template',
          entityId: id,
          action: 'deleted',
          before: { name: current.name, accounts: current.accountCount },
        })
        return { id, accounts: current.accountCount }
      })
    },
  }
}
