import type { Agent } from 'node:https'
import type { Database } from '../db/client'
import type { Env } from '../env'
import { downloadCentre, type DownloadCentre } from './downloads'
import { eventBus, type EventBus, type EventBusOptions } from './events'
import { fileStore, type FileStore } from './files'
import { jobRunner, type JobRunner, type JobRunnerOptions } from './jobs'
import { mailer, type Mailer } from './mail'
import { smsSender, type SmsSender } from './sms'
import { createMetrics, type Metrics } from './metrics'
import { pushSender, type PushSender } from './push'
import { createRealtime, type Realtime } from './realtime'
import { readiness, type Readiness } from './readiness'
import { secretBox, type SecretBox } from './secret-box'
import { startTracing } from './tracing'

/** What every area's routes and services are built from (assembled in server/composition/areas.ts, started in server/index.ts). */
export type Deps = {
  env: Env
  database: Database
  events: EventBus
  jobs: JobRunner
  mail: Mailer
  /** SMS through the gateway, or kept in the outbox (docs/decisions/094) */
  sms: SmsSender
  files: FileStore
  /** files made in the background for a person (docs/decisions/071) */
  downloads: DownloadCentre
  realtime: Realtime
  push: PushSender
  /** seals secrets the app gives back (docs/decisions/043) */
  secrets: SecretBox
  /** the instance's Prometheus metrics (GET /metrics) */
  metrics: Metrics
  /** whether the instance should be sent work (GET /api/health/ready) */
  readiness: Readiness
}

export type DepsOptions = { events?: EventBusOptions; jobs?: JobRunnerOptions; pushAgent?: Agent; instanceId?: string }

/** The platform on an opened database: the event bus, jobs, mail, files, the realtime channel and Web Push. */
export async function createDeps(env: Env, database: Database, options: DepsOptions = {}): Promise<Deps> {
  const metrics = createMetrics()
  const tracing = startTracing(env, database)
  if (tracing) database.onClose(() => tracing.shutdown())
  const events = eventBus(database, { instanceId: options.instanceId, ...options.events })
  const jobs = jobRunner(database, {
    instanceId: options.instanceId,
    ...options.jobs,
    onOutcome: (name, outcome, seconds) => {
      metrics.job(name, outcome, seconds)
      options.jobs?.onOutcome?.(name, outcome, seconds)
    },
  })
  const files = fileStore(database)
  const realtime = counted(await createRealtime(env, database, { instanceId: options.instanceId }), metrics)
  const ready = readiness(database, events, jobs)
  // Closing the database ends what runs on it, for a script or a benchmark that does not stop each part itself (the
  // server stops them first, then closes): no loop polls a pool that has ended, no connection keeps the process.
  database.onClose(async () => {
    await Promise.all([events.stop(), jobs.stop()])
    await realtime.close()
  })
  metrics.watch({
    database,
    realtimeConnections: () => realtime.stats().connections,
    backlogs: ready.backlogs,
    ready: async () => (await ready.check()).ready,
  })
  return {
    env,
    database,
    events,
    jobs,
    mail: mailer(database, jobs, env),
    sms: smsSender(database, jobs, env.sms),
    files,
    downloads: downloadCentre(database, { events, files, jobs }),
    realtime,
    push: await pushSender(database, env.vapidSubject, { agent: options.pushAgent }),
    secrets: await secretBox(database, env.secretsKey ?? undefined),
    metrics,
    readiness: ready,
  }
}

/** The realtime channel with each event sent counted, once per channel it goes to. */
function counted(realtime: Realtime, metrics: Metrics): Realtime {
  const trigger = realtime.trigger.bind(realtime)
  realtime.trigger = (channels, event, data) => {
    metrics.realtimeSent(channels.length)
    return trigger(channels, event, data)
  }
  return realtime
}
