import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES } from './env'

/** docs/operations.md names every environment variable the server reads, and none it does not (issue 71). */
describe('the configuration table', () => {
  const doc = fs.readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8')
  const table = doc.slice(doc.indexOf('## Configuration'), doc.indexOf('## Health'))
  const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!))

  it('has a row for every variable', () => {
    expect(ENV_NAMES.length).toBeGreaterThan(40)
    expect(ENV_NAMES.filter((n) => !documented.has(n))).toEqual([])
  })

  it('names no variable the server does not read', () => {
    expect([...documented].filter((n) => !ENV_NAMES.includes(n))).toEqual([])
  })
})
