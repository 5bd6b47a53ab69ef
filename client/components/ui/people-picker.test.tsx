// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { LookupAnswer } from '../../../shared/schemas/lookups'
import { renderWithApp, serveApi } from '../../test/render'
import { PeoplePicker, type Person } from './people-picker'

const PEOPLE = [
  { id: 'u1', label: 'Anna Andersson' },
  { id: 'u2', label: 'Anders Ek' },
  { id: 'u3', label: 'Bertil Berg' },
]
/** The users lookup as the server answers it: by a search, or by ids. */
const lookup = (url: URL): LookupAnswer => {
  const q = url.searchParams.get('q')?.toLowerCase()
  const ids = url.searchParams.get('ids')?.split(',')
  return { items: PEOPLE.filter((p) => (ids ? ids.includes(p.id) : !q || p.label.toLowerCase().includes(q))) }
}

function Coaches(props: { start: Person[]; max: number }) {
  const [people, setPeople] = useState(props.start)
  return (
    <PeoplePicker
      label="Coacher"
      none="Inga coacher"
      addLabel="Lägg till coach"
      removeLabel={(name) => `Ta bort ${name}`}
      people={people}
      onChange={setPeople}
      max={props.max}
      error={null}
      testId="coaches"
    />
  )
}

describe('PeoplePicker', () => {
  it('finds a person by what is typed, adds them by the name the server gives, and removes them again', async () => {
    const calls = serveApi(lookup)
    const { user } = await renderWithApp(<Coaches start={[]} max={3} />, { namespaces: ['org'] })
    expect(screen.getByText('Inga coacher')).toBeTruthy()
    await user.type(screen.getByRole('combobox', { name: 'Lägg till coach' }), 'and')
    // The list narrows to what is typed (the last answer at once, the server's answer to the search after it).
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Anna Andersson', 'Anders Ek']))
    await user.click(screen.getByRole('option', { name: 'Anders Ek' }))
    await user.click(screen.getByRole('button', { name: 'Lägg till' }))
    const chosen = await screen.findByTestId('coaches')
    expect(within(chosen).getByText('Anders Ek')).toBeTruthy()
    expect(calls.some((u) => u.searchParams.get('ids') === 'u2')).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Ta bort Anders Ek' }))
    expect(screen.getByText('Inga coacher')).toBeTruthy()
  })

  it('offers no search once as many are chosen as allowed', async () => {
    serveApi(lookup)
    await renderWithApp(<Coaches start={[{ id: 'u1', name: 'Anna Andersson' }]} max={1} />, { namespaces: ['org'] })
    expect(within(screen.getByTestId('coaches')).getByText('Anna Andersson')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Lägg till coach' })).toBeNull()
  })
})
