import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

/**
 * A server of the test's own (not the shared e2e server): its own port and data directory, so a test can
 * kill it with SIGKILL mid-request, start it again on the same data, and read its database directly.
 */
export class OwnServer {
  private child: ChildProcess | null = null
  readonly dataDir: string
  readonly url: string

  constructor(
    readonly port: number,
    /** settings beside the test server's own (a directory to talk to, …) */
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.dataDir = path.resolve(`.tmp/e2e-own-${port}`)
    this.url = `http://localhost:${port}`
    fs.rmSync(this.dataDir, { recursive: true, force: true })
  }

  async start() {
    // Another server answering on this port would be read as ours: refuse to start beside it.
    const busy = await fetch(`${this.url}/api/health`).then(
      () => true,
      () => false,
    )
    if (busy) throw new Error(`port ${this.port} is already taken by another server`)
    this.child = spawn(process.execPath, ['dist-server/index.mjs'], {
      // eslint-disable-next-line no-restricted-properties -- a child server inherits the test's environment (PATH and the like)
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, SCRYPT_LOG_N: '12', NODE_ENV: 'test', DEMO_MODE: 'true', ...this.extraEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    for (let i = 0; i < 200; i++) {
      try {
        const res = await fetch(`${this.url}/api/health`)
        if (res.ok) return
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`server on ${this.port} did not start`)
  }

  /** Kills the process without letting it finish anything (no graceful shutdown); resolves once it is gone. */
  async kill() {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }

  stop() {
    return this.kill()
  }

  /** Reads the server's SQLite database (WAL: safe beside the running server). */
  query<T>(sql: string, ...params: unknown[]): T[] {
    const db = new Database(path.join(this.dataDir, 'saljkraft.sqlite'), { fileMustExist: true })
    try {
      db.pragma('busy_timeout = 5000')
      return db.prepare(sql).all(...params) as T[]
    } finally {
      db.close()
    }
  }

  run(sql: string, ...params: unknown[]) {
    const db = new Database(path.join(this.dataDir, 'saljkraft.sqlite'), { fileMustExist: true })
    try {
      db.pragma('busy_timeout = 5000')
      db.prepare(sql).run(...params)
    } finally {
      db.close()
    }
  }
}
