// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../test/render'
import { CheckField } from './form-kit'

type Values = { email: boolean; sms?: boolean }

/** A form with two yes/no fields, its values read back on submit. */
function Channels(props: { defaults: Values; smsDisabled?: boolean; onSave: (v: Values) => void }) {
  const form = useForm<Values>({ defaultValues: props.defaults })
  return (
    <form onSubmit={form.handleSubmit(props.onSave)}>
      <CheckField form={form} name="email" label="Med e-post" />
      <CheckField form={form} name="sms" label="Med sms" disabled={props.smsDisabled} />
      <button type="submit">Skicka</button>
    </form>
  )
}

describe('CheckField', () => {
  it('shows its field as a labelled checkbox and writes a click back to the form', async () => {
    const saved: Values[] = []
    const { user } = await renderWithApp(<Channels defaults={{ email: true, sms: false }} onSave={(v) => saved.push(v)} />)
    const email = screen.getByRole('checkbox', { name: 'Med e-post' })
    const sms = screen.getByRole('checkbox', { name: 'Med sms' })
    expect((email as HTMLInputElement).checked).toBe(true)
    expect((sms as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByText('Med e-post'))
    await user.click(screen.getByText('Med sms'))
    await user.click(screen.getByRole('button', { name: 'Skicka' }))
    expect(saved).toEqual([{ email: false, sms: true }])
  })

  it('shows an unset field unticked, and a disabled one cannot be changed', async () => {
    const saved: Values[] = []
    const { user } = await renderWithApp(<Channels defaults={{ email: false }} smsDisabled onSave={(v) => saved.push(v)} />)
    const sms = screen.getByRole('checkbox', { name: 'Med sms' }) as HTMLInputElement
    expect(sms.checked).toBe(false)
    expect(sms.disabled).toBe(true)
    await user.click(screen.getByText('Med sms'))
    await user.click(screen.getByRole('button', { name: 'Skicka' }))
    expect(saved).toEqual([{ email: false }])
  })
})
