import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { secretBoxOf } from './secret-box'

describe('the secret box', () => {
  const box = secretBoxOf(randomBytes(32))

  it('gives back what it sealed, and seals the same text differently each time', () => {
    for (const plain of ['', 'Sommar2026!', 'åäö ÅÄÖ 🔑', 'x'.repeat(500)]) expect(box.open(box.seal(plain))).toBe(plain)
    expect(box.seal('samma')).not.toBe(box.seal('samma'))
    expect(box.seal('hemligt')).not.toContain('hemligt')
  })

  it('refuses a changed secret, another key, and what is not sealed', () => {
    const sealed = box.seal('hemligt')
    const parts = sealed.split('.')
    // The part's first character holds six bits of it (the last one's low bits may be padding that decodes the same).
    const flipped = [...parts.slice(0, 3), (parts[3]!.startsWith('A') ? 'B' : 'A') + parts[3]!.slice(1)].join('.')
    expect(() => box.open(flipped)).toThrow()
    expect(() => secretBoxOf(randomBytes(32)).open(sealed)).toThrow()
    expect(() => box.open('hemligt')).toThrow()
    expect(() => secretBoxOf(randomBytes(16))).toThrow()
  })
})
