import type { Agent } from 'node:https'
import type { Database } from '../db/client'
import type { Env } from '../env'
import { downloadCentre, type DownloadCentre } from './downloads'
import { eventBus, type EventBus, type EventBusOptions } from './events'
import { fileStore, type FileStore } from './files'
import { jobRunner, type JobRunner, type JobRunnerOptions } from './jobs'
import { mailer, type Mailer } from './mail'
import { pushSender, type PushSender } from './push'
import { createRealtime, type Realtime } from './realtime'
import { secretBox, type SecretBox } from './secret-box'

/** What every area's routes and services are built from (assembled in server/composition/areas.ts, started in server/index.ts). */
export type Deps = {
  env: Env
  database: Database
  events: EventBus
  jobs: JobRunner
  mail: Mailer
  files: FileStore
  /** files made in the background for a person (docs/decisions/071) */
  downloads: DownloadCentre
  realtime: Realtime
  push: PushSender
  /** seals secrets the app gives back (docs/decisions/043) */
  secrets: SecretBox
}

export type DepsOptions = { events?: EventBusOptions; jobs?: JobRunnerOptions; pushAgent?: Agent; instanceId?: string }

/** The platform on an opened database: the event bus, jobs, mail, files, the realtime channel and Web Push. */
export async function createDeps(env: Env, database: Database, options: DepsOptions = {}): Promise<Deps> {
  const events = eventBus(database, { instanceId: options.instanceId, ...options.events })
  const jobs = jobRunner(database, { instanceId: options.instanceId, ...options.jobs })
  const files = fileStore(database)
  return {
    env,
    database,
    events,
    jobs,
    mail: mailer(database, jobs, env),
    files,
    downloads: downloadCentre(database, { events, files, jobs }),
    realtime: await createRealtime(env, database, { instanceId: options.instanceId }),
    push: await pushSender(database, env.vapidSubject, { agent: options.pushAgent }),
    secrets: await secretBox(database, env.secretsKey ?? undefined),
  }
}
