// @vitest-environment jsdom
import type { UseQueryResult } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { QueryTable, RecordTable, type RecordColumn } from './record-table'

type Person = { id: string; name: string; sales: number }
const people: Person[] = [
  { id: 'a', name: 'Anna Andersson', sales: 12 },
  { id: 'b', name: 'Bertil Berg', sales: 3 },
]
const columns: RecordColumn<Person>[] = [
  { header: 'Namn', cell: (p) => p.name, strong: true },
  { header: 'Sälj', cell: (p) => p.sales, end: true },
]
/** A query as react-query hands it to a screen, in one of its states. */
const queryOf = (state: Partial<UseQueryResult<{ items: Person[] }>>) =>
  ({ isError: false, data: undefined, error: null, refetch: vi.fn(), ...state }) as unknown as UseQueryResult<{ items: Person[] }>

describe('RecordTable', () => {
  it('shows a row a record with its columns, under the table’s name', async () => {
    await renderWithApp(<RecordTable label="Säljare" rowKey={(p) => p.id} columns={columns} rows={people} rowTestId={(p) => `person-${p.id}`} />)
    const table = screen.getByRole('table', { name: 'Säljare' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Namn', 'Sälj'])
    expect(
      within(screen.getByTestId('person-a'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Anna Andersson', '12'])
    expect(within(table).getAllByRole('row')).toHaveLength(3)
  })

  it('opens a record by a click or by Enter on the focused row; rows are not focusable without it', async () => {
    const opened: string[] = []
    const { user, rerender } = await renderWithApp(
      <RecordTable rowKey={(p) => p.id} columns={columns} rows={people} rowTestId={(p) => p.id} onRowClick={(p) => opened.push(p.id)} />,
    )
    await user.tab()
    expect(document.activeElement).toBe(screen.getByTestId('a'))
    await user.keyboard('{Enter}')
    await user.click(screen.getByText('Bertil Berg'))
    expect(opened).toEqual(['a', 'b'])
    rerender(<RecordTable rowKey={(p) => p.id} columns={columns} rows={people} rowTestId={(p) => p.id} />)
    expect(screen.getByTestId('a').getAttribute('tabindex')).toBeNull()
  })

  it('gives the actions column a name for screen readers and each row its own buttons; Enter on a button is not an open', async () => {
    const opened: string[] = []
    const removed: string[] = []
    const { user } = await renderWithApp(
      <RecordTable
        rowKey={(p) => p.id}
        columns={columns}
        rows={people}
        rowTestId={(p) => p.id}
        actionsLabel="Åtgärder"
        onRowClick={(p) => opened.push(p.id)}
        actions={(p) => <button onClick={(e) => (e.stopPropagation(), removed.push(p.id))}>Ta bort {p.name}</button>}
      />,
    )
    expect(screen.getAllByRole('columnheader').at(-1)!.textContent).toBe('Åtgärder')
    screen.getByRole('button', { name: 'Ta bort Bertil Berg' }).focus()
    await user.keyboard('{Enter}')
    expect(removed).toEqual(['b'])
    expect(opened).toEqual([])
  })
})

describe('QueryTable', () => {
  const table = (query: UseQueryResult<{ items: Person[] }>) => (
    <QueryTable query={query} empty="Inga säljare" emptyTestId="empty" rowKey={(p) => p.id} columns={columns} rowTestId="row" label="Säljare" />
  )

  it('shows a placeholder while it loads, then the rows', async () => {
    const { rerender } = await renderWithApp(table(queryOf({})))
    expect(screen.queryByRole('table')).toBeNull()
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull()
    rerender(table(queryOf({ data: { items: people } })))
    expect(screen.getAllByTestId('row')).toHaveLength(2)
  })

  it('says so when the answer has no items', async () => {
    await renderWithApp(table(queryOf({ data: { items: [] } })))
    expect(screen.getByTestId('empty').textContent).toBe('Inga säljare')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a failed read with a retry that reads again', async () => {
    const query = queryOf({ isError: true, error: new Error('Servern svarade inte') })
    const { user } = await renderWithApp(table(query))
    expect(screen.getByText('Servern svarade inte')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Försök igen' }))
    expect(query.refetch).toHaveBeenCalledOnce()
  })
})
