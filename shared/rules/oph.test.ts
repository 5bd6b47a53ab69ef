import { describe, expect, it } from 'vitest'
import { effectiveOph, ophProblems, ophToHundredths } from './oph'

const v = (l1g: number, l1p: number, l2g: number, l2p: number) => ({ level1Gold: l1g, level1Platinum: l1p, level2Gold: l2g, level2Platinum: l2p })

describe('OPH targets', () => {
  it.each([
    [v(100, 150, 120, 180), {}],
    [v(100, 100, 120, 180), { level1Platinum: 'platinumNotAboveGold' }],
    [v(100, 150, 180, 120), { level2Platinum: 'platinumNotAboveGold' }],
    [v(200, 150, 180, 180), { level1Platinum: 'platinumNotAboveGold', level2Platinum: 'platinumNotAboveGold' }],
    // Level 2 may be lower than level 1: the levels are separate ladders.
    [v(200, 250, 100, 150), {}],
  ])('%o → %o', (values, problems) => {
    expect(ophProblems(values)).toEqual(problems)
  })

  it('a team follows its office unless it has its own', () => {
    const office = v(100, 150, 120, 180)
    const team = v(90, 140, 110, 170)
    expect(effectiveOph(team, office)).toEqual({ values: team, from: 'team' })
    expect(effectiveOph(null, office)).toEqual({ values: office, from: 'office' })
    expect(effectiveOph(null, null)).toBeNull()
  })

  it.each([
    ['1.25', 125],
    ['1,25', 125],
    [' 2 ', 200],
    ['0.005', 1],
    ['', NaN],
    ['abc', NaN],
  ])('%s typed is %d hundredths', (text, n) => {
    expect(ophToHundredths(text)).toBe(n)
  })
})
