import { createHash } from 'node:crypto'
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

const statusOf = (text: string) => /^## Status\n+(.+)$/m.exec(text)?.[1] ?? /^Status: (.+)$/m.exec(text)?.[1]
/** A record's text but its status (the one line that changes once it is accepted), as a digest. */
const digestOf = (text: string) =>
  createHash('sha256')
    .update(text.replace(/^(## Status\n+).+$/m, '$1').replace(/^Status: .+$/m, 'Status:'))
    .digest('hex')
    .slice(0, 16)
/** The accepted records' digests (`docs/decisions/accepted.txt`, one `NNN digest` a line): a new record adds its line. */
const ACCEPTED = path.join(dir, 'accepted.txt')
const accepted = new Map(
  fs
    .readFileSync(ACCEPTED, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]),
)

describe('the decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((r) => r.number)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it.each(records.map((r) => [r.file, r] as const))('%s has a status', (_, record) => {
    expect(statusOf(record.text)).toMatch(/^(Proposed|Accepted|accepted|Superseded)/)
  })

  it('are not edited once accepted, but for their status: a new record supersedes one', () => {
    for (const r of records.filter((r) => !/^Proposed/.test(statusOf(r.text) ?? ''))) {
      const digest = digestOf(r.text)
      const known = accepted.get(r.number)
      const what = known
        ? `${r.file} was edited after it was accepted: undo the edit and write a new record that supersedes it (docs/how-to.md, "A decision")`
        : `${r.file} is accepted: add the line "${r.number} ${digest}" to docs/decisions/accepted.txt`
      expect(known, what).toBe(digest)
    }
    expect([...accepted.keys()].filter((n) => !records.some((r) => r.number === n))).toEqual([])
  })

  it('name only records that exist when they supersede one', () => {
    const known = new Set(records.map((r) => r.number))
    for (const r of records)
      for (const [, n] of r.text.matchAll(/[Ss]upersede[sd]?(?: by)?[^.\n]*?\b(\d{3})\b/g)) expect(known, `${r.file} names ${n}`).toContain(n)
  })
})
