import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { blockHash, phoneBlocked, phoneCandidates } from './contact-blocks'
import { readPhone } from './phone-numbers'

describe('a typed number on the phone, read without the numbering plans', () => {
  it.each<[string, 'SE' | 'FI']>([
    ['070-123 45 67', 'SE'],
    ['+46 70 123 45 67', 'SE'],
    ['+46 (0)70-123 45 67', 'SE'],
    ['0046701234567', 'SE'],
    ['08-123 456 78', 'SE'],
    ['040 123 4567', 'FI'],
    ['+358 40 123 4567', 'FI'],
  ])('%s has the form the server stores (%s)', (text, country) => {
    const server = readPhone(text, country)
    expect(server.ok).toBe(true)
    expect(phoneCandidates(text)).toContain((server as { e164: string }).e164)
  })

  it.each(['', 'ring mig', '123', '+46 70 123 45 67 89 01 23'])('"%s" is no number', (text) => {
    expect(phoneCandidates(text)).toEqual([])
  })
})

describe('the register’s fingerprints', () => {
  it('are the same by Web Crypto (the phone) and by Node’s crypto (the server)', async () => {
    const node = createHash('sha256').update('dnc:+46701234567').digest('hex').slice(0, 12)
    expect(await blockHash('+46701234567')).toBe(node)
  })

  it('a number in the register is found however it is written; another is not', async () => {
    const register = new Set([await blockHash('+46701234567')])
    expect(await phoneBlocked('070-123 45 67', register)).toBe(true)
    expect(await phoneBlocked('+46 (0)70 123 45 67', register)).toBe(true)
    expect(await phoneBlocked('070-123 45 68', register)).toBe(false)
    expect(await phoneBlocked('070-123 45 67', new Set())).toBe(false)
  })
})
