import { describe, expect, it } from 'vitest'
import { effectiveOph, ophClasses, ophProblems, ophToHundredths } from './oph'

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

describe('the class orders per hour reach', () => {
  const targets = { level1Gold: 120, level1Platinum: 160, level2Gold: 150, level2Platinum: 200 }
  it.each([
    [null, null, null],
    [0.5, null, null],
    [1.19, null, null],
    [1.2, 'gold', null],
    [1.5, 'gold', 'gold'],
    [1.6, 'platinum', 'gold'],
    [2.0, 'platinum', 'platinum'],
  ] as const)('%s orders an hour: level 1 %s, level 2 %s', (oph, level1, level2) => {
    expect(ophClasses(oph, targets)).toEqual({ level1, level2 })
  })
})
