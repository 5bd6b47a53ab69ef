import fs from 'node:fs'
import path from 'node:path'
import { ROUTES, routeNamespaces, type AppRoute, type RouteMeta } from '../shared/routes'

/**
 * Writes dist/route-preloads.json: for each route, the JavaScript its first visit needs beyond the entry
 * (the router, which the entry loads on demand, the styled shell and its layout unless the screen is plain, its
 * screen, what they import, and their stylesheets). The login, opened first signed out, is drawn without the
 * router (client/app/standalone-login.tsx, docs/decisions/087): its list is that screen's code alone. The server
 * puts these in the index as `<link rel="modulepreload">` (and a stylesheet link for CSS), so they download beside
 * the entry instead of after it.
 * The route → screen mapping is read from client/app/screens.ts, the one place that defines it.
 */
const dist = path.resolve(process.argv[2] ?? 'dist')
type Chunk = { file: string; imports?: string[]; css?: string[] }
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

const screensSource = fs.readFileSync('client/app/screens.ts', 'utf8')
const screens = new Map<string, string>()
for (const m of screensSource.matchAll(/^\s*'?([\w-]+)'?: \(\) => import\('([^']+)'\)/gm)) {
  const file = path.posix.normalize(path.posix.join('app', m[2]!)) + '.tsx'
  screens.set(m[1]!, file)
}
const planned = /const planned: ScreenModule = \(\) => import\('([^']+)'\)/.exec(screensSource)?.[1]
const plannedKey = planned ? path.posix.normalize(path.posix.join('app', planned)) + '.tsx' : null

const closure = (key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) closure(imported, into)
  return into
}
const entry = closure('index.html')

const listed = (files: Set<string>) => [...files].filter((f) => !entry.has(f) && (f.endsWith('.js') || f.endsWith('.css'))).map((f) => `/${f}`)
const out: Record<string, string[]> = {}
for (const route of ROUTES as readonly AppRoute[]) {
  if (route.name === 'login') {
    out.login = listed(closure('app/standalone-login.tsx'))
    continue
  }
  const files = closure('app/router.tsx')
  const meta = route.meta as { layout?: string; plain?: boolean }
  const screen = screens.get(route.name) ?? plannedKey
  // the index ('/') draws no screen of its own: the guard sends the user on to their home
  if (route.name !== 'index' && screen) {
    // a plain screen renders without the styled shell and its layouts (client/app/root-shell.tsx)
    if (!meta.plain) {
      closure('app/styled-shell.tsx', files)
      closure(`app/layouts/${meta.layout ?? 'default'}-layout.tsx`, files)
    }
    // the screen waits for its translation namespaces (client/app/router.tsx); Swedish is the default language
    for (const ns of routeNamespaces(route.meta as RouteMeta)) closure(`../shared/i18n/sv/${ns}.ts`, files)
    closure(screen, files)
  }
  out[route.name] = listed(files)
}
fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(out))
const login = out.login?.length ?? 0
console.log(`route preloads for ${Object.keys(out).length} routes written (/login: ${login} files)`)
