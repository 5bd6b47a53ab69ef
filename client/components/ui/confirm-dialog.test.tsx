// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { confirm } from '../../lib/confirm-store'
import { renderWithApp } from '../../test/render'
import { ConfirmDialog } from './confirm-dialog'

const removal = { title: 'Ta bort produkten?', text: 'Elavtal Fast tas bort ur katalogen.', confirmLabel: 'Ta bort', cancelLabel: 'Avbryt', destructive: true }

/** `confirm()` asks in the app's one confirmation dialog and answers with what the person chose. */
describe('ConfirmDialog', () => {
  it('asks as an alert dialog with the question and its two answers; confirming answers yes and closes it', async () => {
    const { user } = await renderWithApp(<ConfirmDialog />)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    let answer!: Promise<boolean>
    act(() => void (answer = confirm(removal)))
    const dialog = await screen.findByRole('alertdialog', { name: 'Ta bort produkten?' })
    expect(dialog.textContent).toContain('Elavtal Fast tas bort ur katalogen.')
    expect(screen.queryByRole('button', { name: 'Stäng' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ta bort' }))
    expect(await answer).toBe(true)
    // Closing (jsdom runs no exit animation, so the closed dialog stays in the page, marked closed).
    await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('closed'))
  })

  it('answers no to cancel and to Escape', async () => {
    const { user } = await renderWithApp(<ConfirmDialog />)
    let answer!: Promise<boolean>
    act(() => void (answer = confirm(removal)))
    await user.click(await screen.findByRole('button', { name: 'Avbryt' }))
    expect(await answer).toBe(false)
    act(() => void (answer = confirm(removal)))
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    expect(await answer).toBe(false)
  })

  it('answers an earlier question no when a new one is asked', async () => {
    await renderWithApp(<ConfirmDialog />)
    let first!: Promise<boolean>
    act(() => void (first = confirm(removal)))
    act(() => void confirm({ ...removal, title: 'Skicka igen?' }))
    expect(await first).toBe(false)
    expect(await screen.findByRole('alertdialog', { name: 'Skicka igen?' })).toBeTruthy()
  })
})
