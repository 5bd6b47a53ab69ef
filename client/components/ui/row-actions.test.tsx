// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { RowActions } from './row-actions'

describe('RowActions', () => {
  it('names each button with its row for a screen reader, and shows only the actions given', async () => {
    const onEdit = vi.fn()
    const onDelete = vi.fn()
    const { user, rerender } = await renderWithApp(<RowActions name="Team Syd" editLabel="Ändra" deleteLabel="Ta bort" onEdit={onEdit} onDelete={onDelete} />)
    await user.click(screen.getByRole('button', { name: 'Ändra: Team Syd' }))
    await user.click(screen.getByRole('button', { name: 'Ta bort: Team Syd' }))
    expect([onEdit.mock.calls.length, onDelete.mock.calls.length]).toEqual([1, 1])
    rerender(<RowActions name="Team Syd" editLabel="Ändra" deleteLabel="Ta bort" onEdit={onEdit} />)
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Ändra: Team Syd'])
  })
})
