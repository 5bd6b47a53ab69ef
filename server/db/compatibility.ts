/**
 * Expand, then contract (docs/decisions/085): during a rolling upgrade the instances of the release before run on
 * the schema this release migrated, so a migration may only add (tables, nullable columns or columns with a
 * default, indexes). A statement that takes away or tightens what an older release writes or reads is a
 * *contract*: it ships one release after the code stopped relying on what it removes, and it is declared here
 * with the oldest release that may still run on the result. The migration run writes that demand into the
 * database (`schema_compatibility`), where an older release reads it before it starts.
 *
 * A statement that only looks like a contract (SQLite rebuilds a table to change a constraint: create, copy, drop,
 * rename) is declared as reviewed, with the reason. server/db/compatibility.test.ts reads every migration from
 * FIRST_CHECKED on and fails on a risky statement that is declared neither way.
 */

/** Migrations before this index were written before the rule (their releases refuse any newer schema anyway). */
export const FIRST_CHECKED = 70

export type Review =
  /** takes something away: releases that know fewer than `oldestRelease` migrations must not run on the result */
  | { contract: { oldestRelease: number; why: string } }
  /** looks risky, only adds: why an older release is unaffected */
  | { expand: string }

/** By migration tag (`0071_name`), for both dialects. */
export const REVIEWS: Record<string, Review> = {
  '0073_identity_providers': {
    expand:
      'two new tables (decision 093) with their keys and unique indexes: an older release neither reads nor writes them, so nothing it does can break their constraints',
  },
  '0076_provider_roles': {
    expand:
      'a new table and three new provider columns (decision 093), the not-null one with a default: an older release names its columns when it writes a provider, so the default fills the new one',
  },
  '0077_provider_from_env': {
    expand: 'a new provider column with a default (decision 093): an older release writes providers without it, and the default fills it',
  },
  '0078_written_offers': {
    expand:
      'three new tables (decision 094) with their keys and unique indexes, and rules added to the seeded roles: an older release neither reads nor writes the tables, so nothing it does can break their constraints',
  },
  '0080_contact_blocks': {
    expand:
      'a new table (decision 096) with its unique indexes, and rules added to the seeded roles: an older release neither reads nor writes it, so nothing it does can break its constraints',
  },
  '0084_displays': {
    expand:
      'a new table (decision 101) with its unique code, and rules added to the seeded manager role: an older release neither reads nor writes the table, so nothing it does can break its constraints',
  },
  '0085_team_feed': {
    expand:
      'four new tables (decision 102) with a unique source key, and rules added to the seeded manager role: an older release neither reads nor writes the tables, so nothing it does can break their constraints',
  },
}

/** The fewest migrations a release must know to run on a database with these migrations applied. */
export function oldestReleaseFor(tags: readonly string[], reviews: Record<string, Review> = REVIEWS): number {
  let oldest = 0
  for (const tag of tags) {
    const review = reviews[tag]
    if (review && 'contract' in review) oldest = Math.max(oldest, review.contract.oldestRelease)
  }
  return oldest
}

/** What in a migration's SQL can break a release that does not know it: each risky statement, in a few words. */
export function riskyStatements(sql: string): string[] {
  const found: string[] = []
  for (const raw of sql.split('--> statement-breakpoint')) {
    const statement = raw
      .replace(/--[^\n]*$/gm, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (!statement) continue
    const rules: Array<[RegExp, string]> = [
      [/^drop table/i, 'drops a table'],
      [/\bdrop column\b/i, 'drops a column'],
      [/\brename (to|column)\b/i, 'renames'],
      [/\balter column\b.*\b(set not null|type|set data type)\b/i, 'tightens or retypes a column'],
      [/^create unique index/i, 'adds a unique index (older writes may break it)'],
      [/\badd constraint\b/i, 'adds a constraint'],
      [/^drop index/i, 'drops an index (an older release may rely on its uniqueness)'],
    ]
    for (const [pattern, what] of rules) if (pattern.test(statement)) found.push(`${what}: ${statement.slice(0, 120)}`)
    // A new column an older release does not fill must have a default or allow null.
    const added = /\badd (column )?[`"]?\w+[`"]? [^,]*\bnot null\b/i.exec(statement)
    if (added && !/\bdefault\b/i.test(added[0])) found.push(`adds a required column without a default: ${statement.slice(0, 120)}`)
  }
  return found
}
