import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { translator } from '.'

/** Every literal key the code passes to t() exists in the Swedish catalogue (and so, by type, in all three). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p)
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

const root = path.resolve(__dirname, '../..')
const files = ['client', 'server', 'shared'].flatMap((d) => sourceFiles(path.join(root, d)))
const KEY = /\bt\(\s*['"`]([a-zA-Z][\w.-]*)['"`]/g

describe('translation keys used in the code', () => {
  const used = new Map<string, string>()
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    for (const m of text.matchAll(KEY)) used.set(m[1]!, path.relative(root, file))
  }

  it('finds the keys it checks', () => {
    expect(used.size).toBeGreaterThan(40)
  })

  it.each([...used.entries()])('%s (in %s) exists', (key) => {
    const t = translator('sv')
    // a key used with a count exists as i18next plural forms (key_one, key_other)
    const found = t(key) !== key || (t(`${key}_one`) !== `${key}_one` && t(`${key}_other`) !== `${key}_other`)
    expect(found, `missing translation key ${key}`).toBe(true)
  })
})
