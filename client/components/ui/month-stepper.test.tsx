// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../test/render'
import { MonthStepper, isMonth } from './month-stepper'

const labels = { previous: 'Föregående månad', month: 'Månad', next: 'Nästa månad' }

function Stepper(props: { start: string; disabled?: boolean; seen: string[] }) {
  const [month, setMonth] = useState(props.start)
  return (
    <MonthStepper
      month={month}
      disabled={props.disabled}
      labels={labels}
      onChange={(m) => {
        props.seen.push(m)
        setMonth(m)
      }}
    />
  )
}

describe('MonthStepper', () => {
  it('steps to the month before and after, over the turn of a year', async () => {
    const seen: string[] = []
    const { user } = await renderWithApp(<Stepper start="2026-12" seen={seen} />)
    await user.click(screen.getByRole('button', { name: 'Nästa månad' }))
    await user.click(screen.getByRole('button', { name: 'Föregående månad' }))
    await user.click(screen.getByRole('button', { name: 'Föregående månad' }))
    expect(seen).toEqual(['2027-01', '2026-12', '2026-11'])
    expect((screen.getByLabelText('Månad') as HTMLInputElement).value).toBe('2026-11')
  })

  it('takes a month picked in the field, and nothing that is not a month', async () => {
    const seen: string[] = []
    await renderWithApp(<Stepper start="2026-05" seen={seen} />)
    const field = screen.getByLabelText('Månad')
    fireEvent.change(field, { target: { value: '2025-02' } })
    fireEvent.change(field, { target: { value: '' } })
    expect(seen).toEqual(['2025-02'])
  })

  it('does nothing while disabled', async () => {
    const seen: string[] = []
    const { user } = await renderWithApp(<Stepper start="2026-05" seen={seen} disabled />)
    await user.click(screen.getByRole('button', { name: 'Nästa månad' }))
    expect(seen).toEqual([])
    expect(screen.getByLabelText('Månad').hasAttribute('disabled')).toBe(true)
  })

  it('reads a month from an address only when it exists', () => {
    expect(['2026-01', '2026-12'].map(isMonth)).toEqual([true, true])
    expect(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01'].map(isMonth)).toEqual([false, false, false, false, false])
  })
})
