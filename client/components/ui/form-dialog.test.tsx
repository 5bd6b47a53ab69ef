// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { useState, type FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ApiClientError, NetworkError } from '../../lib/api-client'
import { renderWithApp } from '../../test/render'
import { DialogButtons } from './app-dialog'
import { FormDialog, formErrorOf } from './form-dialog'
import { i18n } from '../../lib/i18n'

/** A screen's editor: a name field in a FormDialog, its save handed in. */
function Editor(props: { save: (name: string) => Promise<void>; onClose?: () => void; onReload?: () => void; conflict?: boolean; error?: string }) {
  const [name, setName] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitting(true)
    await props.save(name)
    setSubmitting(false)
  }
  return (
    <FormDialog
      open
      onClose={props.onClose ?? (() => undefined)}
      title="Ny produkt"
      testId="editor"
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      formError={props.error ?? null}
      conflict={props.conflict}
      onReload={props.onReload}
    >
      <label>
        Namn
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
    </FormDialog>
  )
}

describe('FormDialog', () => {
  it('is a dialog named by its title whose form is submitted by its save button and by Enter', async () => {
    const saved: string[] = []
    const { user } = await renderWithApp(<Editor save={async (name) => void saved.push(name)} />)
    const dialog = screen.getByRole('dialog', { name: 'Ny produkt' })
    await user.type(within(dialog).getByLabelText('Namn'), 'Elavtal{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }))
    expect(saved).toEqual(['Elavtal', 'Elavtal'])
  })

  it('keeps the save button busy while saving: a second press sends nothing more', async () => {
    let finish!: () => void
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user } = await renderWithApp(<Editor save={save} />)
    const button = screen.getByRole('button', { name: 'Spara' })
    await user.click(button)
    expect(button.hasAttribute('disabled')).toBe(true)
    await user.click(button)
    expect(save).toHaveBeenCalledOnce()
    finish()
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  })

  it('closes by its cancel button and its close button', async () => {
    const onClose = vi.fn()
    const { user } = await renderWithApp(<Editor save={async () => undefined} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Avbryt' }))
    await user.click(screen.getByRole('button', { name: 'Stäng' }))
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('shows a failed save above the fields, and a conflict’s reload', async () => {
    const onReload = vi.fn()
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const conflict = formErrorOf(new ApiClientError(409, { error: 'version_conflict', message: 'x' }), i18n.t)
    const { user } = await renderWithApp(<Editor save={async () => undefined} error={conflict.message} conflict={conflict.conflict} onReload={onReload} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Någon annan har ändrat detta medan du redigerade')
    // Brought into view: on a phone the fields may have scrolled it away.
    expect(scrolled.mock.contexts).toContain(alert)
    await user.click(screen.getByRole('button', { name: 'Ladda om' }))
    expect(onReload).toHaveBeenCalledOnce()
  })
})

describe('formErrorOf', () => {
  it('names a conflict, the network, and otherwise the server’s own message', () => {
    expect(formErrorOf(new ApiClientError(409, { error: 'changed_elsewhere', message: 'x' }), i18n.t).conflict).toBe(true)
    expect(formErrorOf(new NetworkError(), i18n.t)).toEqual({ message: 'Ingen kontakt med servern. Kontrollera nätverket och försök igen.', conflict: false })
    expect(formErrorOf(new ApiClientError(400, { error: 'validation_failed', message: 'Namnet finns redan' }), i18n.t)).toEqual({
      message: 'Namnet finns redan',
      conflict: false,
    })
  })
})

describe('DialogButtons', () => {
  it('has a cancel and one action: a submit without onClick, a button with it, none when left out', async () => {
    const onClick = vi.fn()
    const { rerender, user } = await renderWithApp(<DialogButtons onCancel={() => undefined} action={{ label: 'Skicka' }} />)
    expect(screen.getByRole('button', { name: 'Skicka' }).getAttribute('type')).toBe('submit')
    rerender(<DialogButtons onCancel={() => undefined} cancelLabel="Stäng" action={{ label: 'Ta bort', onClick, destructive: true }} />)
    const remove = screen.getByRole('button', { name: 'Ta bort' })
    expect(remove.getAttribute('type')).toBe('button')
    await user.click(remove)
    expect(onClick).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Stäng' })).toBeTruthy()
    rerender(<DialogButtons onCancel={() => undefined} action={null} />)
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Avbryt'])
  })

  it('shows a busy action with its loading text and keeps it from being pressed', async () => {
    const onClick = vi.fn()
    const { user } = await renderWithApp(
      <DialogButtons onCancel={() => undefined} action={{ label: 'Skicka', onClick, loading: true, loadingText: 'Skickar…' }} />,
    )
    const busy = screen.getByRole('button', { name: /Skickar…/ })
    expect(busy.hasAttribute('disabled')).toBe(true)
    await user.click(busy)
    expect(onClick).not.toHaveBeenCalled()
  })
})
