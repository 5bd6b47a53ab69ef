import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * `npm run bench:smoke` — every benchmark of package.json (each `bench:*` script) once at a tiny size (BENCH_SMOKE=1,
 * bench/lib.ts), so a benchmark that breaks fails CI instead of rotting until someone needs its figures. The
 * database benchmarks run on a copy each of one small data set (`npm run seed -- --scale small`, SQLite); the
 * others start their own servers as they always do. Their figures say nothing here: docs/benchmarks.md has the
 * real ones, taken on the large data set.
 */
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
const benches = Object.keys(pkg.scripts).filter((name) => name.startsWith('bench:') && name !== 'bench:smoke')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-smoke-'))
const seeded = path.join(work, 'seeded')
const HANG_SECONDS = 600

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  // eslint-disable-next-line no-restricted-properties -- the benchmarks run with this process's environment
  const { DATABASE_URL: _ignored, ...rest } = process.env
  return { ...rest, BENCH_SMOKE: '1', FORCE_COLOR: '0', ...extra }
}

function run(name: string, dataDir: string): Promise<{ code: number | null; seconds: number; output: string }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { env: env({ DATA_DIR: dataDir }), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    // A benchmark that hangs is broken too: its whole process group goes after ten minutes (the slowest takes about a
    // minute on this host when it is quiet; a CI host may be several times slower).
    const timer = setTimeout(() => {
      output += `\n(stopped after ${HANG_SECONDS} s)`
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // gone
      }
    }, HANG_SECONDS * 1000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, seconds: (Date.now() - started) / 1000, output })
    })
  })
}

const failed: Array<{ name: string; code: number | null; output: string }> = []
try {
  if (!fs.existsSync('dist/index.html') || !fs.existsSync('dist-server/index.mjs')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const seedStarted = Date.now()
  execFileSync('npm', ['run', '--silent', 'seed', '--', '--scale', 'small'], { env: env({ DATA_DIR: seeded, SCRYPT_LOG_N: '10' }), stdio: 'ignore' })
  console.log(`bench:smoke — ${benches.length} benchmarks at a tiny size; the small data set seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`)
  for (const name of benches) {
    // Each on its own copy: some change the data set they run on.
    const dataDir = path.join(work, name.replace(':', '-'))
    fs.cpSync(seeded, dataDir, { recursive: true })
    const r = await run(name, dataDir)
    const ok = r.code === 0
    if (!ok) failed.push({ name, code: r.code, output: r.output })
    console.log(`  ${name.padEnd(20)} ${r.seconds.toFixed(0).padStart(4)} s  ${ok ? 'ok' : `FAILED (exit ${r.code})`}`)
    if (!ok) console.log(r.output.replace(/^/gm, '      │ '))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
if (failed.length) {
  // Again at the end, where a shortened log still shows it: which broke, and the last lines each printed.
  for (const f of failed)
    console.log(`\n${f.name} (exit ${f.code}), its last lines:\n${f.output.trimEnd().split('\n').slice(-12).join('\n').replace(/^/gm, '  │ ')}`)
  console.log(`\n${failed.length} benchmark(s) broken: ${failed.map((f) => f.name).join(', ')}.`)
  process.exit(1)
}
