import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Writes .br and .gz beside every text asset of the build, so the server sends them without compressing per request. */
const dist = path.resolve(process.argv[2] ?? 'dist')
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/
let count = 0
let before = 0
let after = 0

function walk(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(file)
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map')) {
      const data = fs.readFileSync(file)
      if (data.byteLength < 1024) continue
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      fs.writeFileSync(`${file}.br`, br)
      fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      count++
      before += data.byteLength
      after += br.byteLength
    }
  }
}

walk(dist)
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`)
