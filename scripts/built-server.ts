import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A process's CPU time so far (user + system), ms: utime and stime of /proc/<pid>/stat, in clock ticks of 10 ms. */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Waits until a server at `origin` answers /api/health (a minute at most). */
export async function untilHealthy(origin: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${origin} did not come up`)
}

/**
 * The bundled server (as `npm start` runs it) on a port of its own and a fresh data folder, for benchmarks and
 * review scripts: `ready()` waits for /api/health, `stop()` ends it and removes the data.
 */
export function startBuiltServer(opts: { port: number; name: string; env?: Record<string, string> }) {
  if (!fs.existsSync('dist-server/index.mjs') || !fs.existsSync('dist/index.html')) throw new Error('Build first: npm run build')
  const origin = `http://127.0.0.1:${opts.port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `saljkraft-${opts.name}-`))
  const child = spawn('node', ['dist-server/index.mjs'], {
    // eslint-disable-next-line no-restricted-properties -- pass the environment on to the child
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_MODE: 'true', ...opts.env },
    stdio: 'ignore',
  })
  return {
    origin,
    /** its data folder (the SQLite database is saljkraft.sqlite there) */
    dataDir,
    /** The server process's CPU time so far (user + system), ms: what a benchmark's work cost the server. */
    cpuMs: () => cpuMsOf(child.pid!),
    ready: () => untilHealthy(origin),
    stop() {
      child.kill('SIGTERM')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The middle value of a benchmark's runs (the upper one of an even count). */
export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
