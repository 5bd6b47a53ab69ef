import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The decision records (docs/decisions/): each has a number of its own and a status, and a record that supersedes
 * another names it — records are superseded by new ones, not edited (docs/how-to.md, "A decision").
 */
const dir = path.resolve('docs/decisions')
const records = fs
  .readdirSync(dir)
  .filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'))
  .map((file) => ({ file, number: file.slice(0, 3), text: fs.readFileSync(path.join(dir, file), 'utf8') }))

describe('the decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((r) => r.number)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it.each(records.map((r) => [r.file, r] as const))('%s has a status', (_, record) => {
    const status = /^## Status\n+(.+)$/m.exec(record.text)?.[1] ?? /^Status: (.+)$/m.exec(record.text)?.[1]
    expect(status).toMatch(/^(Proposed|Accepted|accepted|Superseded)/)
  })

  it('name only records that exist when they supersede one', () => {
    const known = new Set(records.map((r) => r.number))
    for (const r of records)
      for (const [, n] of r.text.matchAll(/[Ss]upersede[sd]?(?: by)?[^.\n]*?\b(\d{3})\b/g)) expect(known, `${r.file} names ${n}`).toContain(n)
  })
})
