import type { Database } from '../db/client'
import type { Env } from '../env'
import type { EventBus } from './events'
import type { FileStore } from './files'
import type { JobRunner } from './jobs'
import type { Mailer } from './mail'

/** What every area's routes and services are built from (assembled in server/app.ts, started in server/index.ts). */
export type Deps = { env: Env; database: Database; events: EventBus; jobs: JobRunner; mail: Mailer; files: FileStore }
