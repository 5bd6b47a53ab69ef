// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { PeriodPreset } from '../../../shared/rules/work'
import type { FieldErrors } from '../../../shared/schemas/errors'
import { renderWithApp } from '../../test/render'
import { PeriodFields } from './period-fields'

const TODAY = '2026-11-18'
const PRESETS: PeriodPreset[] = ['thisMonth', 'lastMonth', 'thisYear']

/** A statistics screen's period as its filter keeps it. */
function Period(props: { start: { from: string; to: string }; problems?: FieldErrors; seen: Array<{ from?: string; to?: string }> }) {
  const [period, setPeriod] = useState(props.start)
  return (
    <PeriodFields
      {...period}
      today={TODAY}
      presets={PRESETS}
      problems={props.problems ?? null}
      presetTestId="preset"
      onChange={(change) => {
        props.seen.push(change)
        setPeriod((p) => ({ ...p, ...change }))
      }}
    />
  )
}
const preset = () => screen.getByTestId('preset') as HTMLSelectElement
const dates = () => [(screen.getByLabelText('Från') as HTMLInputElement).value, (screen.getByLabelText('Till') as HTMLInputElement).value]

describe('PeriodFields', () => {
  it('names the preset the dates match, and sets both dates when one is chosen', async () => {
    const seen: Array<{ from?: string; to?: string }> = []
    const { user } = await renderWithApp(<Period start={{ from: '2026-11-01', to: TODAY }} seen={seen} />)
    expect(preset().value).toBe('thisMonth')
    await user.selectOptions(preset(), 'Förra månaden')
    expect(seen).toEqual([{ from: '2026-10-01', to: '2026-10-31' }])
    expect(dates()).toEqual(['2026-10-01', '2026-10-31'])
    expect(preset().value).toBe('lastMonth')
  })

  it('shows "custom" for dates no preset has, and a date typed changes only its own end', async () => {
    const seen: Array<{ from?: string; to?: string }> = []
    await renderWithApp(<Period start={{ from: '2026-11-01', to: TODAY }} seen={seen} />)
    fireEvent.change(screen.getByLabelText('Från'), { target: { value: '2026-11-05' } })
    expect(seen).toEqual([{ from: '2026-11-05' }])
    expect(preset().value).toBe('custom')
    expect(screen.getByLabelText('Till').getAttribute('min')).toBe('2026-11-05')
    expect(screen.getByLabelText('Från').getAttribute('max')).toBe(TODAY)
  })

  it('shows each date’s problem under it', async () => {
    await renderWithApp(<Period start={{ from: '2026-12-01', to: '2026-11-01' }} seen={[]} problems={{ to: ['Slutet kan inte vara före början'] }} />)
    expect(screen.getByText('Slutet kan inte vara före början')).toBeTruthy()
    expect(screen.getByLabelText('Till').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Från').getAttribute('aria-invalid')).toBeNull()
  })
})
