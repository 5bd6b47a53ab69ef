// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../test/render'
import { FilePicker } from './file-picker'

describe('FilePicker', () => {
  it('says in the app’s words that no file is chosen, then the chosen file’s name, and hands the file over', async () => {
    const chosen: Array<File | null> = []
    const { user, rerender } = await renderWithApp(<FilePicker accept="image/*" fileName={null} onChange={(f) => chosen.push(f)} testId="photo" />)
    expect(screen.getByTestId('photo-name').textContent).toBe('Ingen fil vald')
    expect(screen.getByText('Välj fil')).toBeTruthy()
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'kvitto.jpg', { type: 'image/jpeg' })
    // The input is the button's label's own: choosing through it is choosing through the button.
    await user.upload(screen.getByTestId('photo') as HTMLInputElement, photo)
    expect(chosen.map((f) => f?.name)).toEqual(['kvitto.jpg'])
    rerender(<FilePicker accept="image/*" fileName="kvitto.jpg" onChange={(f) => chosen.push(f)} testId="photo" />)
    expect(screen.getByTestId('photo-name').textContent).toBe('kvitto.jpg')
    expect(screen.getByText('Välj en annan fil')).toBeTruthy()
  })

  it('takes only what its kinds allow, as the browser’s picker does', async () => {
    const chosen: Array<File | null> = []
    const { user } = await renderWithApp(<FilePicker accept="image/*" fileName={null} onChange={(f) => chosen.push(f)} testId="photo" />)
    await user.upload(screen.getByTestId('photo') as HTMLInputElement, new File(['a;b'], 'lista.csv', { type: 'text/csv' }))
    expect(chosen).toEqual([])
  })
})
