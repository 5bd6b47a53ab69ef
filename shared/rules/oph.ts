import type { OphValues } from '../schemas/org'

/**
 * OPH targets (orders per hour; docs/decisions/042). Two levels and two classes: platinum is the higher class, so
 * within a level platinum must be above gold. A team without targets of its own follows its office's.
 */

export type OphField = keyof OphValues
export const OPH_FIELDS: OphField[] = ['level1Gold', 'level1Platinum', 'level2Gold', 'level2Platinum']

/** The fields that break the class order, each under its platinum field. */
export function ophProblems(v: OphValues): Partial<Record<OphField, 'platinumNotAboveGold'>> {
  const problems: Partial<Record<OphField, 'platinumNotAboveGold'>> = {}
  if (v.level1Platinum <= v.level1Gold) problems.level1Platinum = 'platinumNotAboveGold'
  if (v.level2Platinum <= v.level2Gold) problems.level2Platinum = 'platinumNotAboveGold'
  return problems
}

/** The targets a team works to: its own, else its office's, else none; and where they come from. */
export function effectiveOph(team: OphValues | null, office: OphValues | null): { values: OphValues; from: 'team' | 'office' } | null {
  if (team) return { values: team, from: 'team' }
  if (office) return { values: office, from: 'office' }
  return null
}

/** Hundredths to the number people type and read (125 → 1.25), and back; NaN for what is not a number. */
export const ophFromHundredths = (v: number) => v / 100
export function ophToHundredths(text: string): number {
  const n = Number(text.trim().replace(',', '.'))
  return text.trim() === '' || !Number.isFinite(n) ? NaN : Math.round(n * 100)
}
