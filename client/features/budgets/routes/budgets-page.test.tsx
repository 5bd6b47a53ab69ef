// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BudgetsOverview, BudgetsSave } from '../../../../shared/schemas/budgets'
import { snackbar } from '../../../lib/snackbar-store'
import { renderWithApp, serveApi } from '../../../test/render'
import BudgetsPage from './budgets-page'

/**
 * A month's budgets edited as one table and saved at once (docs/decisions/047): a budget someone else changed
 * meanwhile shows as it is now while the other edits stay; a refused amount is said at its field.
 */
const row = (id: string, name: string, amountKr: number | null, version = 1) => ({
  id,
  name,
  budget: amountKr === null ? null : { amountOre: amountKr * 100, version },
  previousOre: null,
})
const overview = (saraKr: number | null, version = 1): BudgetsOverview => ({
  month: '2026-11',
  offices: [{ id: 'office-1', name: 'Malmö' }],
  office: { ...row('office-1', 'Malmö', 500_000), teamsOre: 0, sellersOre: 0 },
  teams: [
    { ...row('team-1', 'Team Lund', 200_000), sellersOre: 0, sellers: [row('sara', 'Sara Säljare', saraKr, version), row('olle', 'Olle Säljare', null)] },
  ],
  may: { update: true, office: true },
})

type Put = { path: string; body: BudgetsSave }
function serve(answer: (put: Put) => unknown, now: () => BudgetsOverview = () => overview(40_000)) {
  const puts: Put[] = []
  const reads: string[] = []
  serveApi((url, init) => {
    if (init?.method === 'PUT') {
      const put = { path: url.pathname, body: JSON.parse(String(init.body)) as BudgetsSave }
      puts.push(put)
      return answer(put)
    }
    reads.push(url.search)
    return now()
  })
  return { puts, reads }
}
const render = () => renderWithApp(<BudgetsPage />, { namespaces: ['budgets'], at: '/dashboards/sales/budgets?month=2026-11&officeId=office-1' })
const budgetOf = (name: string) => screen.getByLabelText(`Budget för ${name} i kronor`) as HTMLInputElement

afterEach(() => vi.restoreAllMocks())

describe('the budgets of a month', () => {
  it('edits are saved together with the versions they were read at, and the month is read again', async () => {
    const success = vi.spyOn(snackbar, 'success')
    const { puts, reads } = serve(() => ({ changed: 2 }))
    const { user } = await render()
    await user.clear(await screen.findByLabelText('Budget för Sara Säljare i kronor'))
    await user.type(budgetOf('Sara Säljare'), '45000')
    await user.type(budgetOf('Olle Säljare'), '30000')
    expect(screen.getByText('2 osparade ändringar')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Spara' }))

    await waitFor(() => expect(success).toHaveBeenCalledWith('2 budgetar sparade'))
    expect(puts).toEqual([
      {
        path: '/api/budgets/2026-11',
        body: {
          officeId: 'office-1',
          changes: expect.arrayContaining([
            { scope: 'seller', id: 'sara', amountKr: 45_000, version: 1 },
            { scope: 'seller', id: 'olle', amountKr: 30_000, version: null },
          ]),
        },
      },
    ])
    await waitFor(() => expect(reads.length).toBe(2))
    expect(screen.queryByText(/osparade? ändring/)).toBeNull()
  })

  it('a budget someone else changed meanwhile shows as it is now; the other edit stays to be saved again', async () => {
    let current = overview(40_000)
    const { puts } = serve(
      () => {
        current = overview(42_000, 2)
        return Response.json(
          {
            error: 'changed_elsewhere',
            message: 'Ändrad av någon annan',
            details: { conflicts: [{ scope: 'seller', id: 'sara', current: { amountOre: 4_200_000, version: 2 } }] },
          },
          { status: 409 },
        )
      },
      () => current,
    )
    const { user } = await render()
    await user.clear(await screen.findByLabelText('Budget för Sara Säljare i kronor'))
    await user.type(budgetOf('Sara Säljare'), '45000')
    await user.type(budgetOf('Olle Säljare'), '30000')
    await user.click(screen.getByRole('button', { name: 'Spara' }))

    expect(await screen.findByText(/Någon annan ändrade en av budgetarna medan du arbetade/)).toBeTruthy()
    await waitFor(() => expect(budgetOf('Sara Säljare').value.replace(/\s/g, '')).toBe('42000'))
    expect(budgetOf('Olle Säljare').value).toBe('30000')
    expect(screen.getByText('1 osparad ändring')).toBeTruthy()
    expect(puts).toHaveLength(1)
  })

  it('an amount the server refuses is said at its field', async () => {
    serve(() =>
      Response.json(
        {
          error: 'validation_failed',
          message: 'Kontrollera fälten',
          fieldErrors: { 'changes.0.amountKr': ['Finns inte på kontoret, eller är inte din att ändra'] },
        },
        { status: 400 },
      ),
    )
    const { user } = await render()
    await user.type(await screen.findByLabelText('Budget för Olle Säljare i kronor'), '30000')
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    expect(await screen.findByText('Rätta de markerade fälten och spara igen.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Finns inte på kontoret, eller är inte din att ändra')
    expect(budgetOf('Olle Säljare').getAttribute('aria-invalid')).toBe('true')
  })

  it('an amount that is not whole kronor is refused on the screen and cannot be saved', async () => {
    const { puts } = serve(() => ({ changed: 1 }))
    const { user } = await render()
    await user.type(await screen.findByLabelText('Budget för Olle Säljare i kronor'), '12,50')
    expect(await screen.findByText('Ange hela kronor, utan ören')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Spara' }) as HTMLButtonElement).disabled).toBe(true)
    expect(puts).toEqual([])
  })
})
