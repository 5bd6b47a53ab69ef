import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getTableColumns, getTableName, type Table } from 'drizzle-orm'
import { getTableConfig as pgConfig } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as pg from './pg'
import * as sqlite from './sqlite'

const tables = (mod: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(mod)
      .filter(([, v]) => v && typeof v === 'object' && Symbol.for('drizzle:Name') in (v as object))
      .map(([k, v]) => [k, v as Table]),
  )

describe('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables', () => {
    expect(Object.keys(tables(sqlite)).sort()).toEqual(Object.keys(tables(pg)).sort())
    expect(Object.keys(tables(sqlite)).length).toBeGreaterThan(50)
  })

  it('gather every table of every area’s schema file, each defined for both dialects', async () => {
    const dir = path.dirname(fileURLToPath(import.meta.url))
    const areaFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['sqlite.ts', 'pg.ts', 'table.ts'].includes(f))
    expect(areaFiles.length).toBeGreaterThan(5)
    const gathered = new Set([...Object.values(tables(sqlite)), ...Object.values(tables(pg))])
    for (const file of areaFiles) {
      const defined = tables((await import(path.join(dir, file))) as Record<string, unknown>)
      for (const [name, table] of Object.entries(defined)) {
        expect(gathered.has(table), `${file}: ${name} is not in sqlite.ts or pg.ts`).toBe(true)
        const twin = name.endsWith('Pg') ? name.slice(0, -2) : `${name}Pg`
        expect(defined[twin], `${file}: ${name} has no twin ${twin}`).toBeDefined()
      }
    }
  })

  // Each table is written once (./table.ts) and typed by its SQLite build, so the type checker cannot compare the two:
  // the builds are compared here, column by column (the data type is what a row's value is in JavaScript).
  it('have the same table and column names, data types, nullability and defaults', () => {
    const pgTables = tables(pg)
    for (const [key, table] of Object.entries(tables(sqlite))) {
      const other = pgTables[key]!
      expect(getTableName(other)).toBe(getTableName(table))
      const describe = (t: Table) =>
        Object.fromEntries(
          Object.entries(getTableColumns(t)).map(([k, c]) => [
            k,
            {
              name: c.name,
              dataType: c.getSQLType() === 'bytea' ? 'buffer' : c.dataType,
              notNull: c.notNull,
              hasDefault: c.hasDefault,
              primary: c.primary,
              unique: c.isUnique,
              enumValues: c.enumValues,
            },
          ]),
        )
      expect(describe(other), key).toEqual(describe(table))
    }
  })

  it('have the same keys and indexes', () => {
    const pgTables = tables(pg)
    const names = (cols: { name: string }[]) => cols.map((c) => c.name)
    for (const [key, table] of Object.entries(tables(sqlite))) {
      const lite = sqliteConfig(table as never)
      const other = pgConfig(pgTables[key]! as never)
      const shape = (c: typeof lite | typeof other) => ({
        primaryKeys: c.primaryKeys.map((k) => names(k.columns)),
        indexes: c.indexes.map((i) => ({ name: i.config.name, unique: i.config.unique, columns: names(i.config.columns as { name: string }[]) })),
        foreignKeys: c.foreignKeys.map((f) => {
          const r = f.reference()
          return { columns: names(r.columns), table: getTableName(r.foreignTable), foreign: names(r.foreignColumns), onDelete: f.onDelete ?? 'no action' }
        }),
      })
      expect(shape(other), key).toEqual(shape(lite))
    }
  })
})
