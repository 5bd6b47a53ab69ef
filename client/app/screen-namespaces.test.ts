import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NAMESPACES, type Namespace } from '../../shared/i18n/namespaces'
import { ROUTES, routeNamespaces } from '../../shared/routes'

/**
 * Every translation key a screen uses is in a namespace its route loads (`core`, and the route's `namespaces`):
 * otherwise the screen shows the key itself. A screen is its file (client/app/screens.ts) and every client module it
 * imports, followed through relative imports; keys are the literal ones passed to t() (a key built at run time is
 * checked by its catalog's types).
 */
const root = path.resolve(import.meta.dirname, '../..')
const catalogs = import.meta.glob<Record<string, object>>('../../shared/i18n/sv/*.ts', { eager: true })

function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix]
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k))
}
/** Each Swedish namespace's keys, with the plural forms' base key too (`x_one` is used as `x`). */
const keysOf = new Map<Namespace, Set<string>>(
  NAMESPACES.map((ns) => {
    const keys = leafKeys(Object.values(catalogs[`../../shared/i18n/sv/${ns}.ts`]!)[0])
    return [ns, new Set([...keys, ...keys.map((k) => k.replace(/_(one|other|zero|two|few|many)$/, ''))])]
  }),
)

const KEY = /\bt\(\s*['"`]([a-zA-Z][\w.-]*)['"`]/g
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  return null
}

/** The keys a screen's module graph uses, with the file each was found in (client code only; i18n itself is not). */
function screenKeys(entry: string): Map<string, string> {
  const keys = new Map<string, string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const text = fs.readFileSync(file, 'utf8')
    for (const m of text.matchAll(KEY)) if (!keys.has(m[1]!)) keys.set(m[1]!, path.relative(root, file))
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, m[1] ?? m[2]!)
      if (target && target.startsWith(path.join(root, 'client')) && !target.endsWith('/lib/i18n.ts')) queue.push(target)
    }
  }
  return keys
}

const screensFile = path.join(root, 'client/app/screens.ts')
const screens = [...fs.readFileSync(screensFile, 'utf8').matchAll(/'?([\w-]+)'?: \(\) => import\('([^']+)'\)/g)].map((m) => ({
  name: m[1]!,
  file: resolve(screensFile, m[2]!)!,
}))

describe('each screen finds its words', () => {
  it('reads the screens', () => {
    expect(screens.length).toBeGreaterThan(60)
  })

  it.each(screens.filter((s) => ROUTES.some((r) => r.name === s.name)).map((s) => [s.name, s] as const))('%s', (_, screen) => {
    const route = ROUTES.find((r) => r.name === screen.name)!
    const loaded: Namespace[] = ['core', ...routeNamespaces(route.meta)]
    const missing: string[] = []
    for (const [key, file] of screenKeys(screen.file)) {
      if (loaded.some((ns) => keysOf.get(ns)!.has(key))) continue
      const home = NAMESPACES.find((ns) => keysOf.get(ns)!.has(key))
      missing.push(`${key} (${file}) is in ${home ?? 'no namespace'}`)
    }
    expect(missing, `the route loads ${loaded.join(', ')}`).toEqual([])
  })
})
