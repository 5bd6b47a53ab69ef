import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Database } from '../db/client'
import type { JobOutcome } from './job-run'
import { statementKind } from '../db/statement-kind'

/**
 * The instance's metrics in the Prometheus text format (GET /metrics, docs/operations.md), with the well-kept
 * `prom-client`. One registry per app (the tests run many in one process). Counters and histograms are fed where
 * the work happens (the request middleware, the sync routes, the job runner, the realtime server); gauges of
 * what the database holds (backlogs, queue depth, the mail outbox) are read when scraped. Labels are route
 * patterns and names the code defines, never what a request chose.
 */
export type Metrics = ReturnType<typeof createMetrics>

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

type Series = { observe: (value: number) => void }

/** A histogram's series by a key, each made once (the keys are the code's routes and statements: few; bounded all the same). */
function seriesCache() {
  const cache = new Map<string, Series>()
  return (key: string, make: () => Series): Series => {
    let series = cache.get(key)
    if (!series) {
      series = make()
      if (cache.size > 5000) cache.clear()
      cache.set(key, series)
    }
    return series
  }
}

export function createMetrics() {
  const registry = new Registry()
  const http = new Histogram({
    name: 'saljkraft_http_request_duration_seconds',
    help: 'API requests by method, route pattern and status class, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  })
  const httpSeries = seriesCache()
  const pushes = new Counter({ name: 'saljkraft_sync_pushes_total', help: 'Sync pushes answered', registers: [registry] })
  const mutations = new Counter({
    name: 'saljkraft_sync_mutations_total',
    help: 'Mutations of sync pushes by outcome (applied, skipped as already applied, rejected)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const mutationNames = new Counter({
    name: 'saljkraft_sync_mutations_received_total',
    help: 'Mutations received by name (names the server does not know count as "unknown")',
    labelNames: ['name'] as const,
    registers: [registry],
  })
  const pullOps = new Histogram({
    name: 'saljkraft_sync_pull_operations',
    help: 'Rows (put or delete operations) a sync pull answered with',
    buckets: [0, 1, 10, 100, 1000, 5000, 20000],
    registers: [registry],
  })
  const jobs = new Histogram({
    name: 'saljkraft_job_run_seconds',
    help: 'Job runs by job name and outcome (done, retry, dead), and how long they took',
    labelNames: ['name', 'outcome'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  })
  const realtimeMessages = new Counter({
    name: 'saljkraft_realtime_messages_total',
    help: 'Realtime events sent by this instance, once per channel',
    registers: [registry],
  })
  const statements = new Histogram({
    name: 'saljkraft_db_statement_seconds',
    help: 'Database statements by kind (select, insert, update, delete, transaction control, other), and how long they took',
    labelNames: ['kind'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  })
  let defaults = false
  let scrape: (() => void) | null = null

  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      // The series of a method, route and status class, looked up once (prom-client hashes the labels at each call).
      const statusClass = `${Math.floor(status / 100)}xx`
      httpSeries(`${method} ${route} ${statusClass}`, () => http.labels(method, route, statusClass)).observe(seconds)
    },
    push(outcome: { applied: number; skipped: number; rejected: number }, names: string[], known: (name: string) => boolean) {
      pushes.inc()
      mutations.inc({ outcome: 'applied' }, outcome.applied)
      mutations.inc({ outcome: 'skipped' }, outcome.skipped)
      mutations.inc({ outcome: 'rejected' }, outcome.rejected)
      for (const name of names) mutationNames.inc({ name: known(name) ? name : 'unknown' })
    },
    pull(operations: number) {
      pullOps.observe(operations)
    },
    job(name: string, outcome: JobOutcome, seconds: number) {
      jobs.observe({ name, outcome }, seconds)
    },
    realtimeSent(n = 1) {
      realtimeMessages.inc(n)
    },
    /**
     * Gauges read at scrape time, registered once: what the database holds, the realtime connections, the pool.
     * The process's own (memory, CPU, event-loop delay, GC) start with the first scrape, not with every app a
     * test makes.
     */
    watch(read: { database: Database; realtimeConnections: () => number; backlogs: (now: number) => Promise<Backlogs>; ready: () => Promise<boolean> }) {
      const { database } = read
      // A statement's kind from its text, and the kind's series, each looked up once: this runs for every statement.
      const seriesOf = seriesCache()
      database.onStatement((text) => {
        const started = performance.now()
        const series = seriesOf(text, () => statements.labels(statementKind(text)))
        return () => series.observe((performance.now() - started) / 1000)
      })
      new Gauge({
        name: 'saljkraft_ready',
        help: 'Whether the instance is ready for work (1) or not (0), as GET /api/health/ready answers',
        registers: [registry],
        async collect() {
          this.set((await read.ready()) ? 1 : 0)
        },
      })
      new Gauge({
        name: 'saljkraft_realtime_connections',
        help: 'Realtime (WebSocket) connections open on this instance',
        registers: [registry],
        collect() {
          this.set(read.realtimeConnections())
        },
      })
      const backlog = (name: string, help: string, pick: (b: Backlogs) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          labelNames: [] as const,
          collect: async function (this: Gauge) {
            this.set(pick(await current()))
          },
        })
      // One read of the backlogs per scrape, shared by the gauges that show it (a scrape starts afresh).
      let pending: Promise<Backlogs> | null = null
      scrape = () => (pending = null)
      const current = () => (pending ??= read.backlogs(Date.now()))
      backlog('saljkraft_event_backlog', 'Event deliveries due and not yet made', (b) => b.events.n)
      backlog('saljkraft_event_lag_seconds', 'How far behind the oldest due event delivery is', (b) => b.events.lagMs / 1000)
      backlog('saljkraft_mail_outbox_waiting', 'Mails queued and not yet sent', (b) => b.mail.n)
      backlog('saljkraft_mail_outbox_lag_seconds', 'How long the oldest queued mail has waited', (b) => b.mail.lagMs / 1000)
      backlog('saljkraft_job_queue_due', 'Jobs due and waiting for a runner', (b) => b.jobsDue)
      if (database.raw.kind === 'pg') {
        const pool = database.raw.pool
        new Gauge({
          name: 'saljkraft_db_pool_connections',
          help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            this.set({ state: 'total' }, pool.totalCount)
            this.set({ state: 'idle' }, pool.idleCount)
            this.set({ state: 'waiting' }, pool.waitingCount)
          },
        })
      }
    },
    /** The text a scraper reads. */
    async text() {
      if (!defaults) {
        defaults = true
        collectDefaultMetrics({ register: registry, prefix: 'saljkraft_', eventLoopMonitoringPrecision: 20 })
      }
      scrape?.()
      return registry.metrics()
    },
    contentType: registry.contentType,
  }
}

export type Backlogs = { events: { n: number; lagMs: number }; mail: { n: number; lagMs: number }; jobsDue: number }
