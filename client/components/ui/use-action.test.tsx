// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiClientError, NetworkError } from '../../lib/api-client'
import { clearSession, setSession } from '../../lib/session'
import { snackbar } from '../../lib/snackbar-store'
import { renderWithApp } from '../../test/render'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'
import { FormDialog } from './form-dialog'
import { IdentityNumber } from './identity-number'
import { ReasonDialog } from './reason-dialog'
import { useAction } from './use-action'

/**
 * A step a person starts, as the kit runs it (useAction): busy from the press until it settles, one at a time, the
 * failure said in the server's words where the person is looking, a conflict offered a reload.
 */

/** A promise the test settles: the step stays busy until then. */
function pending<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const conflict = () => new ApiClientError(409, { error: 'version_conflict', message: 'Ändrad' })
const refused = (message: string) => new ApiClientError(400, { error: 'validation_failed', message })

/** A screen's editor on the helper: save with the name typed, reload on a conflict. */
function Editor(props: { save: (name: string) => Promise<string>; onDone?: (id: string) => void; onReload?: () => void }) {
  const save = useAction(props.save, { onDone: props.onDone, onConflict: props.onReload })
  return (
    <FormDialog
      open
      onClose={() => undefined}
      title="Ny produkt"
      testId="editor"
      onReload={props.onReload}
      onSubmit={(e) => {
        e.preventDefault()
        const name = new FormData(e.currentTarget).get('name') as string
        if (!name) save.fail('Fyll i namnet')
        else void save.run(name)
      }}
      {...save.dialog}
    >
      <label>
        Namn
        <input name="name" />
      </label>
    </FormDialog>
  )
}

describe('useAction in a form', () => {
  it('is busy from the press until the step answers, then hands the answer on', async () => {
    const step = pending<string>()
    const save = vi.fn(() => step.promise)
    const onDone = vi.fn()
    const { user } = await renderWithApp(<Editor save={save} onDone={onDone} />)
    await user.type(screen.getByLabelText('Namn'), 'Elavtal')
    const button = screen.getByRole('button', { name: 'Spara' })
    await user.click(button)
    expect(save).toHaveBeenCalledWith('Elavtal')
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(onDone).not.toHaveBeenCalled()
    step.resolve('p-1')
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('p-1'))
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  })

  it('runs one step at a time: a second press while it runs starts nothing', async () => {
    const step = pending<string>()
    const save = vi.fn(() => step.promise)
    const { user } = await renderWithApp(<Editor save={save} />)
    await user.type(screen.getByLabelText('Namn'), 'Elavtal')
    const form = screen.getByLabelText('Namn').closest('form')!
    form.requestSubmit()
    form.requestSubmit()
    expect(save).toHaveBeenCalledTimes(1)
    step.resolve('p-1')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Spara' }).hasAttribute('disabled')).toBe(false))
    form.requestSubmit()
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2))
  })

  it("says a refusal in the server's words on top of the form, and clears it on the next try", async () => {
    const save = vi.fn<(name: string) => Promise<string>>().mockRejectedValueOnce(refused('Namnet finns redan')).mockResolvedValueOnce('p-2')
    const onDone = vi.fn()
    const { user } = await renderWithApp(<Editor save={save} onDone={onDone} />)
    await user.type(screen.getByLabelText('Namn'), 'Elavtal')
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Namnet finns redan')
    expect(onDone).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('p-2'))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says when the network is gone', async () => {
    const { user } = await renderWithApp(<Editor save={() => Promise.reject(new NetworkError())} />)
    await user.type(screen.getByLabelText('Namn'), 'Elavtal')
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/nätverk|anslutning|servern/i)
  })

  it('offers a reload when someone else saved first, and tells the screen to read the record again', async () => {
    const onReload = vi.fn()
    const { user } = await renderWithApp(<Editor save={() => Promise.reject(conflict())} onReload={onReload} />)
    await user.type(screen.getByLabelText('Namn'), 'Elavtal')
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    await screen.findByRole('alert')
    expect(onReload).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Ladda om' }))
    expect(onReload).toHaveBeenCalledTimes(2)
  })

  it('says a problem found before the step without running it', async () => {
    const save = vi.fn(() => Promise.resolve('x'))
    const { user } = await renderWithApp(<Editor save={save} />)
    await user.click(screen.getByRole('button', { name: 'Spara' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Fyll i namnet')
    expect(save).not.toHaveBeenCalled()
  })
})

/** A button whose step may be refused on a field: the field's reason is what the person reads. */
function Choice(props: { step: () => Promise<void>; fieldFirst: string | true }) {
  const pick = useAction(props.step, { fieldFirst: props.fieldFirst })
  return (
    <div>
      <button onClick={() => void pick.run()}>Välj</button>
      {pick.error ? <p role="alert">{pick.error}</p> : null}
    </div>
  )
}

describe('useAction with a field first', () => {
  const onField = (fieldErrors: Record<string, string[]>) =>
    Promise.reject(new ApiClientError(400, { error: 'validation_failed', message: 'Kontrollera fälten', fieldErrors }))

  it("says the named field's reason instead of the general message", async () => {
    const { user } = await renderWithApp(<Choice step={() => onField({ saleId: ['Försäljningen är ångrad'] })} fieldFirst="saleId" />)
    await user.click(screen.getByRole('button', { name: 'Välj' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Försäljningen är ångrad')
  })

  it('says the general message when the named field is not the one refused', async () => {
    const { user } = await renderWithApp(<Choice step={() => onField({ note: ['För lång'] })} fieldFirst="saleId" />)
    await user.click(screen.getByRole('button', { name: 'Välj' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Kontrollera fälten')
  })

  it("says whichever field's reason comes first when any field may be refused", async () => {
    const { user } = await renderWithApp(<Choice step={() => onField({ file: ['Filen går inte att läsa'] })} fieldFirst />)
    await user.click(screen.getByRole('button', { name: 'Välj' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Filen går inte att läsa')
  })
})

describe('ReasonDialog', () => {
  const props = { title: 'Lås upp månaden', text: 'Månaden kan ändras igen.', reasonLabel: 'Orsak', submitLabel: 'Lås upp', testId: 'reason' }

  it('asks for the reason first, then sends it trimmed and closes when it is kept', async () => {
    const onSave = vi.fn(() => Promise.resolve())
    const onDone = vi.fn()
    const { user } = await renderWithApp(<ReasonDialog {...props} onSave={onSave} onDone={onDone} onClose={() => undefined} />)
    await user.click(screen.getByRole('button', { name: 'Lås upp' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: /Orsak/ }), '  Fel timmar  ')
    await user.click(screen.getByRole('button', { name: 'Lås upp' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(onSave).toHaveBeenCalledWith('Fel timmar')
  })

  it('stays open with the refusal when the step fails', async () => {
    const onDone = vi.fn()
    const { user } = await renderWithApp(
      <ReasonDialog {...props} onSave={() => Promise.reject(refused('Månaden är redan utbetald'))} onDone={onDone} onClose={() => undefined} />,
    )
    await user.type(screen.getByRole('textbox', { name: /Orsak/ }), 'Fel timmar')
    await user.click(screen.getByRole('button', { name: 'Lås upp' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Månaden är redan utbetald')
    expect(onDone).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Lås upp månaden' })).toBeTruthy()
  })
})

describe('ConfirmDeleteDialog', () => {
  const props = { open: true, title: 'Ta bort kategorin?', text: 'Kategorin tas bort.', blocked: null, deleteLabel: 'Ta bort', testId: 'delete' }

  it('removes and closes; a refusal stays in the dialog until it is closed', async () => {
    const onDelete = vi.fn<() => Promise<void>>().mockRejectedValueOnce(refused('Kategorin har guider')).mockResolvedValueOnce()
    const onClose = vi.fn()
    const { user } = await renderWithApp(<ConfirmDeleteDialog {...props} onDelete={onDelete} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Ta bort' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Kategorin har guider')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Ta bort' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('offers no removal when something blocks it, and says what', async () => {
    const onDelete = vi.fn(() => Promise.resolve())
    await renderWithApp(<ConfirmDeleteDialog {...props} blocked="Kategorin har 3 guider." onDelete={onDelete} onClose={() => undefined} />)
    expect(screen.getByText('Kategorin har 3 guider.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Ta bort' })).toBeNull()
  })
})

describe('IdentityNumber', () => {
  afterEach(() => clearSession())
  const reader = (rules: Array<{ action: string; subject: string }>) =>
    setSession({
      userData: {
        id: 'u1',
        email: 'bo@demo.test',
        fullName: 'Bo Backoffice',
        shortName: 'BB',
        role: 'backoffice',
        roleName: 'Backoffice',
        teamIds: [],
        officeId: null,
        regionId: null,
        language: 'sv',
      },
      userAbilityRules: rules as never,
    })

  it('shows the whole number only when asked, for a reader whose rules allow it', async () => {
    reader([{ action: 'view', subject: 'identity_numbers' }])
    const number = pending<{ number: string | null }>()
    const reveal = vi.fn(() => number.promise)
    const { user } = await renderWithApp(<IdentityNumber masked="19811218-****" reveal={reveal} testId="ssn" />)
    expect(screen.getByTestId('ssn').textContent).toBe('19811218-****')
    expect(reveal).not.toHaveBeenCalled()
    await user.click(screen.getByTestId('identity-show'))
    expect(screen.getByTestId('identity-show').hasAttribute('disabled')).toBe(true)
    number.resolve({ number: '198112189876' })
    await waitFor(() => expect(screen.getByTestId('ssn').textContent).toBe('19811218-9876'))
    expect(screen.queryByTestId('identity-show')).toBeNull()
    expect(reveal).toHaveBeenCalledTimes(1)
  })

  it('offers nothing to a reader without the right, and nothing for a number that is not masked', async () => {
    reader([{ action: 'view', subject: 'customers' }])
    const reveal = vi.fn(() => Promise.resolve({ number: null }))
    const { unmount } = await renderWithApp(<IdentityNumber masked="19811218-****" reveal={reveal} />)
    expect(screen.queryByTestId('identity-show')).toBeNull()
    unmount()
    reader([{ action: 'view', subject: 'identity_numbers' }])
    await renderWithApp(<IdentityNumber masked="556677-8899" reveal={reveal} />)
    expect(screen.queryByTestId('identity-show')).toBeNull()
    expect(reveal).not.toHaveBeenCalled()
  })

  it('says a refusal as a snackbar and keeps the number masked', async () => {
    reader([{ action: 'view', subject: 'identity_numbers' }])
    const { user } = await renderWithApp(<IdentityNumber masked="19811218-****" reveal={() => Promise.reject(refused('Du får inte se numret'))} testId="ssn" />)
    await user.click(screen.getByTestId('identity-show'))
    await waitFor(() => expect(snackbar.get()).toMatchObject({ visible: true, text: 'Du får inte se numret' }))
    expect(screen.getByTestId('ssn').textContent).toBe('19811218-****')
    await waitFor(() => expect(screen.getByTestId('identity-show').hasAttribute('disabled')).toBe(false))
  })
})
