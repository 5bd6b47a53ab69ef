import { eq } from 'drizzle-orm'
import type { FinanceSettings, FinanceSettingsInput } from '../../../shared/schemas/finance'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type Actor, SETTINGS_ID, type FinanceContext } from './finance.context'

/** The calculation's settings: read and saved, version-checked and logged. */
export function financeSettings(ctx: FinanceContext) {
  const { database, events, t, settings } = ctx
  return {
    settings: () => settings(),

    /** Change the settings on the version read: an older one is a 409 with the settings as they are now. Logged. */
    async saveSettings(actor: Actor, input: FinanceSettingsInput, now = Date.now()): Promise<FinanceSettings> {
      await database.transaction(async (tx) => {
        const current = await settings(tx)
        if (current.version !== input.version) throw new ApiError(409, 'changed_elsewhere', { details: { current } })
        const next = { payrollTaxBp: Math.round(input.payrollTaxPercent * 100), legacyCutoff: input.legacyCutoff }
        if (next.payrollTaxBp === current.payrollTaxBp && next.legacyCutoff === current.legacyCutoff) return
        const row = { ...next, version: current.version + 1, updatedAt: now, updatedById: actor.id }
        if (current.version === 0) await tx.insert(t.financeSettings).values({ id: SETTINGS_ID, ...row })
        else await tx.update(t.financeSettings).set(row).where(eq(t.financeSettings.id, SETTINGS_ID))
        const shown = (s: { payrollTaxBp: number; legacyCutoff: string }) => ({ payrollTaxPercent: s.payrollTaxBp / 100, legacyCutoff: s.legacyCutoff })
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'finance_settings',
          entityId: SETTINGS_ID,
          action: 'updated',
          before: shown(current),
          after: shown(next),
        })
        await events.record(tx, 'finance.settingsChanged', next, { actorId: actor.id, at: now })
      })
      return settings()
    },
  }
}
