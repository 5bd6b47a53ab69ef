// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttestAnswer, AttestationRow } from '../../../../shared/schemas/time-reports'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { clearSession, setSession } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { renderWithApp, serveApi } from '../../../test/render'
import { AttestationPanel } from './attestation-panel'

/**
 * A month's attestation (docs/decisions/029): the coach picks the sellers whose reports are right and attests them
 * at once; those refused are named with why; a month not yet over asks first.
 */
const row = (userId: string, name: string, more: Partial<AttestationRow> = {}): AttestationRow => ({
  userId,
  name,
  teamId: 'team-1',
  teamName: 'Team Lund',
  days: 20,
  workHours: 160,
  absenceHours: 0,
  commissionOre: 1_250_000,
  extraIncomeOre: 0,
  invalidDates: [],
  sickConflicts: [],
  attestedAt: null,
  attestedBy: null,
  reopenedAt: null,
  reopenedBy: null,
  reopenReason: null,
  mayAttest: true,
  ...more,
})
const ROWS = [row('u-sara', 'Sara Säljare'), row('u-olle', 'Olle Säljare'), row('u-bo', 'Bo Bryter', { invalidDates: ['2026-10-14'] })]

function serve(answer: (userIds: string[]) => AttestAnswer) {
  const attested: string[][] = []
  serveApi((url, init) => {
    if (url.pathname === '/api/time-attestations' && init?.method === 'POST') {
      const { userIds } = JSON.parse(String(init.body)) as { userIds: string[] }
      attested.push(userIds)
      return answer(userIds)
    }
    if (url.pathname.startsWith('/api/lookups/')) return { items: [] }
    return { items: ROWS }
  })
  return attested
}
const render = (month: string) =>
  renderWithApp(
    <>
      <AttestationPanel month={month} />
      <ConfirmDialog />
    </>,
    { namespaces: ['time-reports'] },
  )

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00+01:00') })
  setSession({
    userData: {
      id: 'coach-1',
      email: 'carl@demo.test',
      fullName: 'Carl Coach',
      shortName: 'CC',
      role: 'coach',
      roleName: 'Coach',
      teamIds: ['team-1'],
      officeId: null,
      regionId: null,
      language: 'sv',
    },
    userAbilityRules: [
      { action: 'view', subject: 'time_reports' },
      { action: 'create', subject: 'time_attestations' },
    ],
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  clearSession()
})

describe("a month's attestation", () => {
  it('attests the sellers chosen at once and says how many', async () => {
    const success = vi.spyOn(snackbar, 'success')
    const attested = serve((userIds) => ({ attested: userIds, refused: [] }))
    const { user } = await render('2026-10')
    await user.click(await screen.findByLabelText('Välj Sara Säljare'))
    await user.click(screen.getByLabelText('Välj Olle Säljare'))
    await user.click(screen.getByRole('button', { name: 'Attestera valda (2)' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 attesterade'))
    expect(attested).toEqual([['u-sara', 'u-olle']])
    expect(screen.getByRole('button', { name: 'Attestera valda (0)' })).toBeTruthy()
  })

  it('"attest all that can be" leaves out those whose reports break the rules, and names those the server refused', async () => {
    const attested = serve(() => ({ attested: ['u-sara'], refused: [{ userId: 'u-olle', name: 'Olle Säljare', refusal: 'alreadyAttested' }] }))
    const { user } = await render('2026-10')
    await user.click(await screen.findByRole('button', { name: 'Attestera alla som går' }))
    expect((await screen.findByTestId('attest-refused')).textContent).toContain('Olle Säljare: Redan attesterad')
    expect(attested).toEqual([['u-sara', 'u-olle']])
  })

  it('a month not yet over asks first; saying no attests nothing', async () => {
    const attested = serve((userIds) => ({ attested: userIds, refused: [] }))
    const { user } = await render('2026-11')
    await user.click(await screen.findByLabelText('Välj Sara Säljare'))
    await user.click(screen.getByRole('button', { name: 'Attestera valda (1)' }))
    expect(await screen.findByRole('alertdialog', { name: 'Månaden är inte slut' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Avbryt' }))
    await waitFor(() => expect(screen.getByRole('alertdialog', { hidden: true }).getAttribute('data-state')).toBe('closed'))
    expect(attested).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Attestera valda (1)' }))
    const question = await screen.findByRole('alertdialog', { name: 'Månaden är inte slut' })
    await user.click(within(question).getByRole('button', { name: 'Attestera ändå' }))
    await waitFor(() => expect(attested).toEqual([['u-sara']]))
  })

  it('a refusal of the whole attestation is said, and the choice stays', async () => {
    const error = vi.spyOn(snackbar, 'error')
    serveApi((url, init) => {
      if (init?.method === 'POST') return Response.json({ error: 'forbidden', message: 'Du får inte attestera den här månaden' }, { status: 403 })
      if (url.pathname.startsWith('/api/lookups/')) return { items: [] }
      return { items: ROWS }
    })
    const { user } = await render('2026-10')
    await user.click(await screen.findByLabelText('Välj Sara Säljare'))
    await user.click(screen.getByRole('button', { name: 'Attestera valda (1)' }))
    await waitFor(() => expect(error).toHaveBeenCalledWith('Du får inte attestera den här månaden'))
    expect(screen.getByRole('button', { name: 'Attestera valda (1)' })).toBeTruthy()
  })
})
