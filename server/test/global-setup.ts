import type { TestProject } from 'vitest/node'
import { buildTemplates, type DbTemplates } from './db-templates'
import { PG_ADMIN_URL, testDb } from './harness-env'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- vitest's context is extended by declaration merging
  export interface ProvidedContext {
    dbTemplates: DbTemplates
  }
}

/** Once per API run: the template databases every test file copies (server/test/db-templates.ts). */
export default async function setup(project: TestProject) {
  const started = Date.now()
  const { templates, drop } = await buildTemplates(testDb, PG_ADMIN_URL)
  console.log(`[api tests] ${testDb} template databases built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  project.provide('dbTemplates', templates)
  return drop
}
