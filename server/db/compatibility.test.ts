import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIRST_CHECKED, REVIEWS, oldestReleaseFor, riskyStatements } from './compatibility'
import { migrationsFolder } from './migrate'

/** Expand, then contract (decision 085): what a migration may do while the release before it still runs. */

const migrations = (dialect: 'sqlite' | 'pg') => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(dialect), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>
  }
  return journal.entries.map((e) => ({ ...e, sql: fs.readFileSync(path.join(migrationsFolder(dialect), `${e.tag}.sql`), 'utf8') }))
}

describe('a migration’s risky statements', () => {
  it.each([
    ['CREATE TABLE `x` (`id` text PRIMARY KEY NOT NULL, `n` integer NOT NULL);', 0],
    ['ALTER TABLE `jobs` ADD `request_id` text;', 0],
    ["ALTER TABLE `users` ADD `kind` text DEFAULT 'seller' NOT NULL;", 0],
    ['ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT \'seller\' NOT NULL;', 0],
    ['CREATE INDEX `x_n` ON `x` (`n`);', 0],
    ['ALTER TABLE `users` ADD `kind` text NOT NULL;', 1],
    ['ALTER TABLE "users" ADD COLUMN "kind" text NOT NULL;', 1],
    ['DROP TABLE `old`;', 1],
    ['ALTER TABLE "users" DROP COLUMN "title";', 1],
    ['ALTER TABLE `__new_users` RENAME TO `users`;', 1],
    ['ALTER TABLE "users" RENAME COLUMN "a" TO "b";', 1],
    ['ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL;', 1],
    ['ALTER TABLE "users" ALTER COLUMN "n" SET DATA TYPE bigint;', 1],
    ['CREATE UNIQUE INDEX `users_email` ON `users` (`email`);', 1],
    ['ALTER TABLE "sales" ADD CONSTRAINT "sales_fk" FOREIGN KEY ("x") REFERENCES "y"("id");', 1],
    ['DROP INDEX `users_email`;', 1],
  ])('%s → %i', (sql, n) => {
    expect(riskyStatements(sql)).toHaveLength(n)
  })

  it('are found in the migrations written before the rule (the check reads real files)', () => {
    const flagged = migrations('sqlite').filter((m) => m.idx < FIRST_CHECKED && riskyStatements(m.sql).length > 0)
    expect(flagged.length).toBeGreaterThan(5)
  })
})

describe.each(['sqlite', 'pg'] as const)('the %s migrations from the rule on', (dialect) => {
  const all = migrations(dialect)

  it('only add, or declare what they take away and which releases may still run', () => {
    const undeclared = all.filter((m) => m.idx >= FIRST_CHECKED && !REVIEWS[m.tag]).flatMap((m) => riskyStatements(m.sql).map((what) => `${m.tag}: ${what}`))
    expect(undeclared, 'declare each in server/db/compatibility.ts (decision 085)').toEqual([])
  })

  it('declare only migrations that exist, a contract demanding no release newer than the one before it', () => {
    const byTag = new Map(all.map((m) => [m.tag, m]))
    for (const [tag, review] of Object.entries(REVIEWS)) {
      const m = byTag.get(tag)
      expect(m, tag).toBeDefined()
      if ('contract' in review) expect(review.contract.oldestRelease, tag).toBeLessThanOrEqual(m!.idx)
    }
  })
})

describe('the oldest release a schema allows', () => {
  it('is the strictest demand of its contract migrations', () => {
    const reviews = {
      '0071_a': { expand: 'rebuilt to add a check' },
      '0072_b': { contract: { oldestRelease: 71, why: 'drops users.title, unread since 0071' } },
      '0074_c': { contract: { oldestRelease: 73, why: 'drops sales.legacy_code' } },
    }
    expect(oldestReleaseFor(['0070_x', '0071_a'], reviews)).toBe(0)
    expect(oldestReleaseFor(['0070_x', '0071_a', '0072_b'], reviews)).toBe(71)
    expect(oldestReleaseFor(['0070_x', '0071_a', '0072_b', '0073_d', '0074_c'], reviews)).toBe(73)
  })
})
