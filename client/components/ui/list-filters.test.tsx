// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LookupAnswer } from '../../../shared/schemas/lookups'
import type { AppRawRule } from '../../../shared/permissions/ability'
import { clearSession, setSession } from '../../lib/session'
import { renderWithApp, serveApi } from '../../test/render'
import { FilterBar, FilterChips, OrgFilters } from './list-filters'

const STATUSES = ['pending', 'approved', 'rejected'] as const
const TEXT = { pending: 'Väntar', approved: 'Godkänd', rejected: 'Nekad' }

/** A list screen's filters as the URL keeps them: chips for the status, a clear button while any is set. */
function StatusFilters() {
  const [on, setOn] = useState<string[]>([])
  return (
    <FilterBar
      testId="filters"
      chips={
        <FilterChips
          label="Status"
          values={STATUSES}
          on={(v) => on.includes(v)}
          onToggle={(v) => setOn((all) => (all.includes(v) ? all.filter((x) => x !== v) : [...all, v]))}
          text={(v) => TEXT[v]}
        />
      }
      clear={{ label: 'Rensa filter', active: on.length > 0, onClear: () => setOn([]) }}
    >
      <input aria-label="Sök" />
    </FilterBar>
  )
}

const signedInWith = (rules: AppRawRule[]) =>
  setSession({
    userData: {
      id: 'u1',
      email: 'bo@demo.test',
      fullName: 'Bo Back',
      shortName: 'BB',
      role: 'backoffice',
      roleName: 'Back office',
      teamIds: [],
      officeId: null,
      regionId: null,
      language: 'sv',
    },
    userAbilityRules: rules,
  })
afterEach(clearSession)

describe('FilterChips and FilterBar', () => {
  it('toggles a status chip on and off (pressed), and clears every filter with the button shown only while one is set', async () => {
    const { user } = await renderWithApp(<StatusFilters />)
    const group = screen.getByRole('group', { name: 'Status' })
    const pressed = () =>
      within(group)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent)
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Väntar', 'Godkänd', 'Nekad'])
    expect(screen.queryByRole('button', { name: 'Rensa filter' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Godkänd' }))
    await user.click(screen.getByRole('button', { name: 'Nekad' }))
    expect(pressed()).toEqual(['Godkänd', 'Nekad'])
    await user.click(screen.getByRole('button', { name: 'Nekad' }))
    expect(pressed()).toEqual(['Godkänd'])
    await user.click(screen.getByRole('button', { name: 'Rensa filter' }))
    expect(pressed()).toEqual([])
    expect(screen.queryByRole('button', { name: 'Rensa filter' })).toBeNull()
  })
})

describe('OrgFilters', () => {
  const offices: LookupAnswer = {
    items: [
      { id: 'o1', label: 'Malmö' },
      { id: 'o2', label: 'Lund' },
    ],
  }
  const filters = (onOffice: (id: string | undefined) => void) => (
    <OrgFilters
      office={{ label: 'Kontor', value: undefined, onChange: onOffice, all: 'Alla kontor' }}
      team={{ label: 'Team', value: undefined, onChange: () => undefined, all: 'Alla team' }}
      teams="select"
    />
  )

  it('offers only the registers the reader may read, each with the server’s choices', async () => {
    signedInWith([{ action: 'view', subject: 'offices' }])
    const calls = serveApi((url) => (url.pathname === '/api/lookups/offices' ? offices : { items: [] }))
    const chosen = vi.fn()
    const { user } = await renderWithApp(filters(chosen))
    const office = screen.getByRole('combobox', { name: 'Kontor' })
    await waitFor(() =>
      expect(
        within(office)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alla kontor', 'Malmö', 'Lund']),
    )
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull()
    expect(calls.map((u) => u.pathname)).toEqual(['/api/lookups/offices'])
    await user.selectOptions(office, 'Lund')
    expect(chosen).toHaveBeenLastCalledWith('o2')
    await user.selectOptions(office, 'Alla kontor')
    expect(chosen).toHaveBeenLastCalledWith(undefined)
  })

  it('offers the teams to a reader who may read them too', async () => {
    signedInWith([
      { action: 'view', subject: 'offices' },
      { action: 'view', subject: 'teams' },
    ])
    serveApi((url) => (url.pathname === '/api/lookups/teams' ? { items: [{ id: 't1', label: 'Team Syd' }] } : offices))
    await renderWithApp(filters(() => undefined))
    const team = screen.getByRole('combobox', { name: 'Team' })
    await waitFor(() =>
      expect(
        within(team)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alla team', 'Team Syd']),
    )
  })
})
