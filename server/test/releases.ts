import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Releases of the server as an operator runs them (the upgrade test, decision 085): this checkout's, and the previous
 * one named in deploy/releases.json, checked out as a git worktree. Each is built as the image builds it
 * (scripts/build-server.ts: dist-server/index.mjs) and started as its entrypoint starts it, with Node.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const WORK = path.join(ROOT, '.tmp/upgrade')

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

/** `syncVersion`: the sync schema version its app sends (a phone loaded from that release). */
export type Release = { name: string; entry: string; cwd: string; syncVersion: number }

/** The SYNC_SCHEMA_VERSION a release's source declares. */
function syncVersionOf(cwd: string): number {
  const source = fs.readFileSync(path.join(cwd, 'shared/schemas/sync-version.ts'), 'utf8')
  const m = /export const SYNC_SCHEMA_VERSION = (\d+)/.exec(source)
  if (!m) throw new Error(`no SYNC_SCHEMA_VERSION in ${cwd}`)
  return Number(m[1])
}

/** This checkout's server, built beside the usual build (which other phases of `npm test` use). */
export function currentRelease(): Release {
  const out = path.join(WORK, 'current')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-server.ts', '--outdir', out], { cwd: ROOT, stdio: 'pipe' })
  return { name: 'this release', entry: path.join(out, 'index.mjs'), cwd: ROOT, syncVersion: syncVersionOf(ROOT) }
}

/**
 * The previous release's server: its commit checked out under .tmp (so its build finds this checkout's node_modules,
 * when its locked packages are all there at the same versions; otherwise it installs its own) and built.
 * Answers null with the reason when this checkout has no history to take it from (a shallow clone).
 */
export function previousRelease(): Release | { missing: string } {
  const { commit } = (JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy/releases.json'), 'utf8')) as { previous: { commit: string } }).previous
  try {
    git('cat-file', '-e', `${commit}^{commit}`)
  } catch {
    if (git('rev-parse', '--is-shallow-repository') === 'true') return { missing: `commit ${commit} is not in this shallow clone (git fetch --unshallow)` }
    throw new Error(`deploy/releases.json names ${commit}, which this repository does not have`)
  }
  const dir = path.join(WORK, `release-${commit.slice(0, 12)}`)
  const entry = path.join(dir, 'dist-server/index.mjs')
  if (!fs.existsSync(entry)) {
    fs.rmSync(dir, { recursive: true, force: true })
    execFileSync('git', ['worktree', 'prune'], { cwd: ROOT })
    git('worktree', 'add', '--detach', '--force', dir, commit)
    if (!sameLockedPackages(dir)) execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' })
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-server.ts'], { cwd: dir, stdio: 'pipe' })
  }
  return { name: `release ${commit.slice(0, 7)}`, entry, cwd: dir, syncVersion: syncVersionOf(dir) }
}

/** Whether every package the release locked is installed here at the version it locked. */
function sameLockedPackages(dir: string): boolean {
  type Lock = { packages: Record<string, { version?: string }> }
  const theirs = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lock
  const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock
  return Object.entries(theirs.packages).every(([name, p]) => name === '' || ours.packages[name]?.version === p.version)
}

/** A running server of a release, on its own port, with what it logged. */
export class Instance {
  readonly url: string
  readonly lines: string[] = []
  private child: ChildProcess | null = null
  private exited: Promise<number | null> = Promise.resolve(null)

  constructor(
    readonly release: Release,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`
  }

  /** Starts it and resolves once it answers ready (GET /api/health/ready), or rejects with what it logged. */
  async start(timeoutMs = 120_000): Promise<void> {
    const dataDir = path.join(WORK, `data-${this.port}`)
    fs.rmSync(dataDir, { recursive: true, force: true })
    const child = spawn(process.execPath, [this.release.entry], {
      cwd: this.release.cwd,
      // eslint-disable-next-line no-restricted-properties -- a child server inherits the test's environment (PATH and the like)
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = ''
      stream.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString('utf8')
        const lines = text.split('\n')
        rest = lines.pop() ?? ''
        this.lines.push(...lines.filter(Boolean))
      })
    }
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    const gone = this.exited.then((code) => {
      throw new Error(`${this.release.name} on ${this.port} exited (${code}) before it was ready:\n${this.lines.slice(-20).join('\n')}`)
    })
    const started = Date.now()
    const ready = (async () => {
      while (Date.now() - started < timeoutMs) {
        const ok = await fetch(`${this.url}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) return
        // Polling until the instance answers, as an orchestrator's readiness probe does.
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`${this.release.name} on ${this.port} was not ready within ${timeoutMs} ms:\n${this.lines.slice(-20).join('\n')}`)
    })()
    await Promise.race([ready, gone])
    gone.catch(() => undefined)
  }

  /** Stops it as an orchestrator does (SIGTERM) and resolves with its exit code once it is gone. */
  async stop(): Promise<number | null> {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null
    child.kill('SIGTERM')
    return this.exited
  }
}
