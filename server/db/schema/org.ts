import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/** The organisation: regions, offices and teams. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

export const regions = s.sqliteTable('regions', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  createdAt: sq.createdAt(),
})

export const regionsPg = p.pgTable('regions', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  createdAt: pq.createdAt(),
})

export const offices = s.sqliteTable('offices', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  regionId: s
    .text('region_id')
    .notNull()
    .references(() => regions.id),
  createdAt: sq.createdAt(),
})

export const officesPg = p.pgTable('offices', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  regionId: p
    .text('region_id')
    .notNull()
    .references(() => regionsPg.id),
  createdAt: pq.createdAt(),
})

export const teams = s.sqliteTable(
  'teams',
  {
    id: sq.id(),
    name: s.text('name').notNull(),
    officeId: s
      .text('office_id')
      .notNull()
      .references(() => offices.id),
    createdAt: sq.createdAt(),
  },
  (t) => [s.uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)

export const teamsPg = p.pgTable(
  'teams',
  {
    id: pq.id(),
    name: p.text('name').notNull(),
    officeId: p
      .text('office_id')
      .notNull()
      .references(() => officesPg.id),
    createdAt: pq.createdAt(),
  },
  (t) => [p.uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)
