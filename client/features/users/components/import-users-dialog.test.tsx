// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PASSWORD_MIN } from '../../../../shared/schemas/auth'
import type { UserImportAnswer } from '../../../../shared/schemas/users'
import { snackbar } from '../../../lib/snackbar-store'
import { renderWithApp, serveApi } from '../../../test/render'
import { ImportUsersDialog } from './import-users-dialog'

/**
 * The import of new users from a CSV file (decision 034): a check that writes nothing and shows every row's errors,
 * then the import of the valid rows with one first password; a file changed meanwhile is said, not hidden.
 */
const CSV = 'e-post;förnamn;efternamn;roll\nanna@demo.test;Anna;Ek;Säljare\nfel-adress;Bo;Ek;Säljare\n'
const checked: UserImportAnswer = {
  confirmed: false,
  total: 2,
  valid: 1,
  created: 0,
  ignoredColumns: [],
  rows: [
    { line: 3, email: 'fel-adress', name: 'Bo Ek', roleName: 'Säljare', teamName: null, errors: ['Ogiltig e-postadress'] },
    { line: 2, email: 'anna@demo.test', name: 'Anna Ek', roleName: 'Säljare', teamName: null, errors: [] },
  ],
}
const PASSWORD = 'Välkommen-2026!'

type Sent = { csv: string; confirm: boolean; password?: string }
function open(answer: (sent: Sent) => unknown) {
  const sent: Sent[] = []
  serveApi((url, init) => {
    const body = JSON.parse(String(init?.body)) as Sent
    sent.push(body)
    return answer(body)
  })
  const onOpenChange = vi.fn()
  return { sent, onOpenChange, rendered: renderWithApp(<ImportUsersDialog open onOpenChange={onOpenChange} />, { namespaces: ['users'] }) }
}
const choose = async (user: Awaited<ReturnType<typeof renderWithApp>>['user']) =>
  user.upload(screen.getByTestId('import-file') as HTMLInputElement, new File([CSV], 'nya.csv', { type: 'text/csv' }))

/** Chooses the file, checks it, gives the first password and imports the valid row. */
async function checkThenImport(user: Awaited<ReturnType<typeof renderWithApp>>['user']) {
  await choose(user)
  await user.click(screen.getByRole('button', { name: 'Granska filen' }))
  await user.type(await screen.findByLabelText(/^Första lösenord/), PASSWORD)
  await user.click(screen.getByRole('button', { name: 'Importera 1 användare' }))
}

afterEach(() => vi.restoreAllMocks())

describe('importing users from a CSV file', () => {
  it('checks the file first, writing nothing, and shows each bad row with what is wrong', async () => {
    const { sent, rendered } = open(() => checked)
    const { user } = await rendered
    expect((screen.getByRole('button', { name: 'Granska filen' }) as HTMLButtonElement).disabled).toBe(true)
    await choose(user)
    await user.click(screen.getByRole('button', { name: 'Granska filen' }))
    expect((await screen.findByTestId('import-summary')).textContent).toBe('2 rader: 1 kan importeras, 1 har fel.')
    const bad = screen.getAllByTestId('import-row-card').find((card) => card.dataset.line === '3')!
    expect(within(bad).getByText('Ogiltig e-postadress')).toBeTruthy()
    expect(sent).toEqual([{ csv: CSV, confirm: false }])
    expect(screen.getByRole('button', { name: 'Importera 1 användare' })).toBeTruthy()
  })

  it(`asks for a first password of at least ${PASSWORD_MIN} characters before importing`, async () => {
    const { sent, rendered } = open(() => checked)
    const { user } = await rendered
    await choose(user)
    await user.click(screen.getByRole('button', { name: 'Granska filen' }))
    await user.type(await screen.findByLabelText(/^Första lösenord/), 'kort')
    await user.click(screen.getByRole('button', { name: 'Importera 1 användare' }))
    expect(await screen.findByText(`Minst ${PASSWORD_MIN} tecken`)).toBeTruthy()
    expect(sent).toHaveLength(1)
  })

  it('imports the valid rows, says how many, and closes', async () => {
    const success = vi.spyOn(snackbar, 'success')
    const { sent, onOpenChange, rendered } = open((body) => (body.confirm ? { ...checked, confirmed: true, created: 1 } : checked))
    const { user } = await rendered
    await checkThenImport(user)
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(success).toHaveBeenCalledWith('1 användare importerades.')
    expect(sent[1]).toEqual({ csv: CSV, confirm: true, password: PASSWORD })
  })

  it('a file whose rows changed since the check says what was done and shows the rows as they are now', async () => {
    const now: UserImportAnswer = {
      ...checked,
      confirmed: true,
      valid: 0,
      created: 0,
      rows: [{ ...checked.rows[1]!, errors: ['E-postadressen används redan'] }, checked.rows[0]!],
    }
    const { onOpenChange, rendered } = open((body) => (body.confirm ? now : checked))
    const { user } = await rendered
    await checkThenImport(user)
    expect(await screen.findByText('Något ändrades sedan granskningen: 0 av 1 rader importerades. Se raderna nedan.')).toBeTruthy()
    expect(screen.getAllByText('E-postadressen används redan').length).toBeGreaterThan(0)
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it("the server's refusal of the password is said at the password; of the file, above it", async () => {
    const { rendered } = open((body) =>
      body.confirm
        ? Response.json(
            { error: 'validation_failed', message: 'Kontrollera fälten', fieldErrors: { password: ['Lösenordet är för vanligt'] } },
            { status: 400 },
          )
        : checked,
    )
    const { user } = await rendered
    await checkThenImport(user)
    expect(await screen.findByText('Lösenordet är för vanligt')).toBeTruthy()
    expect(screen.queryByTestId('import-error')).toBeNull()
  })

  it('a file the server cannot read is said in its words, and the check can be tried again', async () => {
    const { rendered } = open(() =>
      Response.json({ error: 'validation_failed', message: 'Kontrollera fälten', fieldErrors: { csv: ['Filen saknar kolumnen e-post'] } }, { status: 400 }),
    )
    const { user } = await rendered
    await choose(user)
    await user.click(screen.getByRole('button', { name: 'Granska filen' }))
    expect((await screen.findByTestId('import-error')).textContent).toContain('Filen saknar kolumnen e-post')
    expect(screen.queryByTestId('import-preview')).toBeNull()
    expect((screen.getByRole('button', { name: 'Granska filen' }) as HTMLButtonElement).disabled).toBe(false)
  })
})
