import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Piscina } from 'piscina'

/**
 * Work whose size a request or a job chooses — a PDF with an image in it, a text checked against many phrases, an
 * uploaded table — runs here, never on the thread that answers every request (docs/decisions/079). A worker file
 * (`<name>.worker.ts`, its default export the task) runs in a pool of worker threads (the well-kept `piscina`) with
 * a heap limit and a time limit per task: a task past its time is ended with its thread, one past its heap ends its
 * thread, and either is an `OffThreadError` the caller turns into its own translated refusal. Pools start no thread
 * before their first task and let idle ones go, so an instance that never signs a contract never pays for it.
 *
 * Where the worker's code is: under `npm start` every `*.worker.ts` is bundled beside index.mjs as `<name>.worker.mjs`
 * (scripts/build-server.ts). Under tsx and the tests the file is TypeScript whose imports name no extension, which
 * Node's own type stripping does not resolve in a worker thread, so it is bundled once per process with esbuild (a dev dependency) into node_modules/.cache, where its
 * packages resolve.
 */

export type OffThreadReason = 'tooSlow' | 'tooLarge' | 'failed'

export class OffThreadError extends Error {
  constructor(
    readonly reason: OffThreadReason,
    options?: { cause?: unknown },
  ) {
    super(`off-thread task refused: ${reason}`, options)
    this.name = 'OffThreadError'
  }
}

export type OffThreadLimits = {
  /** the worker's old-generation heap, MiB */
  heapMb: number
  /** how long one task may run before its thread is ended */
  millis: number
  /** threads this pool may run at once (tasks beyond wait their turn) */
  threads: number
}

const bundled = new Map<string, Promise<string>>()

/** The worker's file for `import()`: the bundled `.mjs` beside this code in a build, else a per-process esbuild bundle. */
function workerFile(source: URL): Promise<string> {
  const own = import.meta.url
  const base = path.basename(fileURLToPath(source)).replace(/\.ts$/, '')
  if (!own.endsWith('.ts')) return Promise.resolve(new URL(`./${base}.mjs`, own).href)
  let file = bundled.get(source.href)
  if (!file) {
    file = (async () => {
      const { build } = await import('esbuild')
      const outfile = path.resolve('node_modules/.cache/saljkraft', `${base}.${process.pid}.mjs`)
      await build({
        entryPoints: [fileURLToPath(source)],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        packages: 'external',
        logLevel: 'warning',
      })
      process.once('exit', () => fs.rmSync(outfile, { force: true }))
      return pathToFileURL(outfile).href
    })()
    bundled.set(source.href, file)
  }
  return file
}

type Pool = { piscina: Piscina; tasks: Set<AbortController> }

/** Pools by worker file and heap: one per process, shared by every app in it (the tests run many). */
const pools = new Map<string, Promise<Pool>>()

/**
 * The smallest heap a worker thread is given, MiB. Node 24 cannot start a thread's isolate in 2 MiB and, instead of
 * failing the thread (ERR_WORKER_OUT_OF_MEMORY, as with 4), ends the whole process ("Fatal JavaScript out of memory:
 * GC during deserialization"); 8 starts a thread here, and no task of ours fits in less.
 */
const MIN_HEAP_MB = 8

function poolFor(source: URL, asked: OffThreadLimits): Promise<Pool> {
  const limits = { ...asked, heapMb: Math.max(MIN_HEAP_MB, asked.heapMb) }
  const key = `${source.href}|${limits.heapMb}|${limits.threads}`
  let pool = pools.get(key)
  if (!pool) {
    pool = workerFile(source).then((filename) => {
      const piscina = new Piscina({
        filename,
        minThreads: 0,
        maxThreads: limits.threads,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, limits.heapMb / 4)) },
      })
      const tasks = new Set<AbortController>()
      // A thread that dies before it took a task (its heap too small to start) is told here, not to a task: every
      // task waiting on this pool would wait for threads that die the same way, so they end now, as too large.
      piscina.on('error', (error: Error & { code?: string }) => {
        for (const task of tasks) task.abort(new OffThreadError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooLarge' : 'failed', { cause: error }))
      })
      return { piscina, tasks }
    })
    pools.set(key, pool)
  }
  return pool
}

let inFlight = 0

/** Tasks running or waiting for a thread in this process (for tests and a busy instance's health). */
export const offThreadTasks = () => inFlight

/**
 * A task runner for one worker file: `run(input)` answers the worker's default export's result, or throws an
 * `OffThreadError` (`tooSlow` past the time limit, `tooLarge` past the heap, `failed` when the worker threw).
 */
export function offThread<In, Out>(source: URL, limits: OffThreadLimits) {
  return {
    async run(input: In, overrides: Partial<Pick<OffThreadLimits, 'millis' | 'heapMb'>> = {}): Promise<Out> {
      const wanted = { ...limits, ...overrides }
      const pool = await poolFor(source, wanted)
      const task = new AbortController()
      const timer = setTimeout(() => task.abort(new OffThreadError('tooSlow')), Math.max(0, wanted.millis))
      pool.tasks.add(task)
      inFlight += 1
      try {
        return (await pool.piscina.run(input, { signal: task.signal })) as Out
      } catch (error) {
        if (task.signal.reason instanceof OffThreadError) throw task.signal.reason
        const e = error as Error & { code?: string }
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new OffThreadError('tooLarge', { cause: error })
        throw new OffThreadError('failed', { cause: error })
      } finally {
        clearTimeout(timer)
        pool.tasks.delete(task)
        inFlight -= 1
      }
    },
  }
}
