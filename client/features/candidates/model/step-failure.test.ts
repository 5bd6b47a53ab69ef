import { describe, expect, it } from 'vitest'
import { translator } from '../../../../shared/i18n'
import { stepFailureText } from './step-failure'

describe('a failed step’s reason', () => {
  const sv = translator('sv')
  const fi = translator('fi')
  it('says in the reader’s language that the e-signing service ended the contract, and what to do', () => {
    expect(stepFailureText('declined: Fel startdatum', sv)).toBe(
      'Kandidaten avböjde att signera: ”Fel startdatum”. Skicka ett nytt avtal när orsaken är åtgärdad.',
    )
    expect(stepFailureText('declined', sv)).toBe('Kandidaten avböjde att signera. Skicka ett nytt avtal när orsaken är åtgärdad.')
    expect(stepFailureText('expired', fi)).toBe('Allekirjoituspyyntö vanheni ennen allekirjoitusta. Lähetä uusi sopimus.')
    expect(stepFailureText('archived', sv)).toBe('Signeringsförfrågan arkiverades i e-signeringstjänsten. Skicka ett nytt avtal.')
  })
  it('gives any other reason in the outside service’s own words', () => {
    expect(stepFailureText('the e-signing service answered 404 creating the submission: Not found', sv)).toBe(
      'Fel: the e-signing service answered 404 creating the submission: Not found',
    )
    expect(stepFailureText('expired token', sv)).toBe('Fel: expired token')
  })
})
