import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

/** Every `*.worker.ts` of the server by its file name, which must be unique (off-thread.ts finds it by that name). */
function workerEntries(): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const file of fs.readdirSync('server', { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.worker.ts')) continue
    const name = path.basename(file, '.ts')
    if (entries[name]) throw new Error(`two workers are named ${name}: ${entries[name]} and server/${file}`)
    entries[name] = path.join('server', file)
  }
  return entries
}

/** `--outdir <dir>`: somewhere else than dist-server (the upgrade test builds this release beside the last). */
const at = process.argv.indexOf('--outdir')
const outdir = at > 0 ? process.argv[at + 1]! : 'dist-server'

/**
 * Bundles the server for `npm start` (dist-server/index.mjs): plain Node, no TypeScript loader at
 * run time, npm packages left external. The committed migrations and the PAXml schema are copied beside it.
 */
await build({
  entryPoints: {
    index: 'server/index.ts',
    'create-admin': 'server/scripts/create-admin.ts',
    backup: 'server/scripts/backup.ts',
    // The work that runs off the main thread, each found beside index.mjs by its name (server/lib/off-thread.ts).
    ...workerEntries(),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
})
fs.rmSync(path.join(outdir, 'migrations'), { recursive: true, force: true })
fs.cpSync('server/db/migrations', path.join(outdir, 'migrations'), { recursive: true })
// The official PAXml schema every payroll file is checked against (server/modules/pay/paxml.ts).
fs.copyFileSync('server/modules/pay/paxml-2.0.xsd', path.join(outdir, 'paxml-2.0.xsd'))
console.log(`built ${outdir}/index.mjs`)
