// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { ApiClientError, NetworkError, messagesByField, serverFieldErrors } from './api-client'

/** How a form reads a failed call's answer: the server's field errors, or one message for the whole form. */
describe('a failed call’s field errors', () => {
  const refused = new ApiClientError(400, {
    error: 'validation_failed',
    message: 'Kontrollera fälten',
    fieldErrors: { email: ['Ogiltig e-post', 'För lång'], 'products.0.quantity': ['Minst 1'] },
  })
  const formText = (err: unknown) => (err instanceof NetworkError ? 'Ingen kontakt' : 'Något gick fel')

  it('are the fields the server named, with their messages; none for any other failure', () => {
    expect(serverFieldErrors(refused)).toEqual({ email: ['Ogiltig e-post', 'För lång'], 'products.0.quantity': ['Minst 1'] })
    expect(serverFieldErrors(new ApiClientError(409, { error: 'version_conflict', message: 'x' }))).toBeUndefined()
    expect(serverFieldErrors(new ApiClientError(502, null))).toBeUndefined()
    expect(serverFieldErrors(new NetworkError())).toBeUndefined()
    expect(serverFieldErrors(new Error('boom'))).toBeUndefined()
  })

  it('give a form one message a field (the first), or the form’s own when none was named', () => {
    expect(messagesByField(refused, formText)).toEqual({ email: 'Ogiltig e-post', 'products.0.quantity': 'Minst 1' })
    expect(messagesByField(new NetworkError(), formText)).toEqual({ form: 'Ingen kontakt' })
    expect(messagesByField(new ApiClientError(400, { error: 'validation_failed', message: 'x', fieldErrors: {} }), formText)).toEqual({
      form: 'Något gick fel',
    })
  })
})
