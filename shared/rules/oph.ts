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

/** The class a period's orders per hour reach on each level's ladder (targets in hundredths): none, gold or platinum. */
export function ophClasses(oph: number | null, targets: OphValues): { level1: 'gold' | 'platinum' | null; level2: 'gold' | 'platinum' | null } {
  const reach = (gold: number, platinum: number) => {
    if (oph === null) return null
    const h = Math.round(oph * 100)
    return h >= platinum ? 'platinum' : h >= gold ? 'gold' : null
  }
  return { level1: reach(targets.level1Gold, targets.level1Platinum), level2: reach(targets.level2Gold, targets.level2Platinum) }
}
