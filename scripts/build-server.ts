import fs from 'node:fs'
import { build } from 'esbuild'

/**
 * Bundles the server for `npm start` (dist-server/index.mjs): plain Node, no TypeScript loader at
 * run time, npm packages left external. The committed migrations and the PAXml schema are copied beside it.
 */
await build({
  entryPoints: {
    index: 'server/index.ts',
    'create-admin': 'server/scripts/create-admin.ts',
    // the guarded table reader's worker thread, found beside index.mjs (server/lib/table-file.ts)
    'table-file.worker': 'server/lib/table-file.worker.ts',
  },
  outdir: 'dist-server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
})
fs.rmSync('dist-server/migrations', { recursive: true, force: true })
fs.cpSync('server/db/migrations', 'dist-server/migrations', { recursive: true })
// The official PAXml schema every payroll file is checked against (server/modules/pay/paxml.ts).
fs.copyFileSync('server/modules/pay/paxml-2.0.xsd', 'dist-server/paxml-2.0.xsd')
console.log('built dist-server/index.mjs')
