import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { build } from 'esbuild'
import { sized } from './lib'

/**
 * bench:api — GET /api/auth/me and a permission-checked list (GET /api/users) on loopback, 20 s at
 * 50 connections each, each beside a bare Hono route measured just before and after it, with each server's CPU
 * time for a request (user + system, from /proc). Target (issue 72, 2 cores): /api/auth/me ≥ 60 % of the bare
 * route's throughput, /api/users ≥ 40 %, p99 < 15 ms.
 */
const DURATION = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? sized(20, 1))
const CONNECTIONS = 50
const BARE_PORT = 3991
const APP_PORT = 3992

function start(script: string, args: string[], env: Record<string, string>): ChildProcess {
  // Plain node on bundled code, as `npm start` runs; its own process group, so it ends with the bench.
  // eslint-disable-next-line no-restricted-properties -- pass the environment on to the child
  return spawn('node', [script, ...args], { env: { ...process.env, ...env }, stdio: 'ignore', detached: true })
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      /* already gone */
    }
  }
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not come up`)
}

type Figure = { name: string; rps: number; p99: number; non2xx: number; errors: number; cpuUs: number }

/** A process's CPU time so far (user + system), µs. */
function cpuUsOf(child: ChildProcess): number {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

/** The route's throughput and p99, and the server's CPU for each request it answered. */
async function load(name: string, server: ChildProcess, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  // A short warm-up so the JIT and caches are settled before the measured run.
  await autocannon({ url, connections: 10, duration: sized(2, 1), headers })
  const before = cpuUsOf(server)
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  const cpuUs = (cpuUsOf(server) - before) / Math.max(1, r.requests.total)
  return { name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuUs }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-'))
// Both servers are bundled the same way: the app as `npm run build` does, the baseline here.
execFileSync('npx', ['tsx', 'scripts/build-server.ts'], { stdio: 'inherit' })
await build({
  entryPoints: ['bench/bare-server.ts'],
  outfile: path.join(dataDir, 'bare.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
})
fs.symlinkSync(path.resolve('node_modules'), path.join(dataDir, 'node_modules'))
const bare = start(path.join(dataDir, 'bare.mjs'), [String(BARE_PORT)], {})
const app = start('dist-server/index.mjs', [], { PORT: String(APP_PORT), DATA_DIR: dataDir, HOST: '127.0.0.1', DEMO_MODE: 'true' })
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/bare`)
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`)
  const login = await fetch(`http://127.0.0.1:${APP_PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'backoffice@demo.test', password: 'saljkraft-demo' }),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status}`)
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!

  console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION} s per route, loopback, ${os.cpus().length} cores\n`)
  // Each route measured beside the bare route, alternately (bare, route, bare, …): a shared host's load moves both.
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/bare`
  const routes: Array<[string, string, Record<string, string>, number]> = [
    ['GET /api/meta (public)', `http://127.0.0.1:${APP_PORT}/api/meta`, {}, 0],
    ['GET /api/auth/me', `http://127.0.0.1:${APP_PORT}/api/auth/me`, { cookie }, 0.6],
    ['GET /api/users (view users)', `http://127.0.0.1:${APP_PORT}/api/users?itemsPerPage=10`, { cookie }, 0.4],
  ]
  console.log('route                          req/s     p99 ms   CPU µs/req   bare req/s (µs/req)   of bare   non-2xx')
  let pass = true
  for (const [name, url, headers, target] of routes) {
    const bareBefore = await load('bare', bare, bareUrl)
    const f = await load(name, app, url, headers)
    const bareAfter = await load('bare', bare, bareUrl)
    const base = (bareBefore.rps + bareAfter.rps) / 2
    const share = f.rps / base
    console.log(
      `${f.name.padEnd(30)} ${f.rps.toFixed(0).padStart(7)} ${f.p99.toFixed(1).padStart(9)} ${f.cpuUs.toFixed(0).padStart(10)}   ${base.toFixed(0).padStart(9)} (${((bareBefore.cpuUs + bareAfter.cpuUs) / 2).toFixed(0)})   ${(share * 100).toFixed(0).padStart(8)} % ${String(f.non2xx + f.errors).padStart(8)}`,
    )
    if (target > 0 && (share < target || f.p99 >= 15 || f.non2xx + f.errors > 0)) {
      pass = false
      console.log(`  ✖ target: ≥ ${target * 100} % of the bare route, p99 < 15 ms, no errors`)
    }
  }
  console.log(`\ntarget (issue 72): /api/auth/me ≥ 60 % and /api/users ≥ 40 % of the bare route measured beside it, p99 < 15 ms — ${pass ? 'MET' : 'NOT MET'}`)
  console.log('(the public route shows what every API request costs before any session or query: see docs/benchmarks.md)')
} finally {
  stop(bare)
  stop(app)
  fs.rmSync(dataDir, { recursive: true, force: true })
}
