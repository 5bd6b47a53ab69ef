import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The size gate of issue 3: the JavaScript that /login loads (the entry and what it imports, and the route's
 * own chunks — the list the server preloads, dist/route-preloads.json), gzip-compressed. Fails above the
 * limit; prints the figure. The limit is issue 72's (the login drawn without the router: docs/decisions/087).
 */
const LIMIT_KB = 120
const AIM_KB = 110
const dist = path.resolve('dist')
type Chunk = { file: string; imports?: string[] }
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

const files = new Set<string>()
const visit = (key: string) => {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the build manifest`)
  if (files.has(chunk.file)) return
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) visit(imported)
}
visit('index.html')
const routePreloads = JSON.parse(fs.readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Record<string, string[]>
if (!routePreloads.login?.some((f) => f.includes('standalone-login'))) throw new Error('route-preloads.json does not list the login screen')
for (const file of routePreloads.login) if (file.endsWith('.js')) files.add(file.slice(1))

let total = 0
for (const file of files) total += gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).byteLength
const kb = total / 1024
console.log(`/login loads ${files.size} JavaScript files, ${kb.toFixed(1)} kB gzip (limit ${LIMIT_KB} kB, aim ${AIM_KB} kB)`)
if (kb > LIMIT_KB) {
  console.error(`✖ /login's JavaScript is over the ${LIMIT_KB} kB limit`)
  process.exit(1)
}
