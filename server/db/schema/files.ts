import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { FileKind } from '../../../shared/schemas/files'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/** Every stored file (server/platform/files.ts). Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** Every stored file (server/platform/files.ts), kept in the database so every instance serves it. */
export const files = s.sqliteTable(
  'files',
  {
    id: sq.id(),
    /** which kind of file (shared/schemas/files.ts): its types, its size limit and the area that decides who reads it */
    kind: s.text('kind').$type<FileKind>().notNull().default('checklist'),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    name: s.text('name').notNull(),
    contentType: s.text('content_type').notNull(),
    size: s.integer('size').notNull(),
    data: s.blob('data', { mode: 'buffer' }).notNull(),
    createdAt: sq.createdAt(),
    /** when a record (a sale) took the file; null while it waits (counted against the owner's quota, purged after a few days) */
    attachedAt: s.integer('attached_at'),
  },
  (t) => [s.index('files_user').on(t.userId, t.kind), s.index('files_unattached').on(t.kind, t.attachedAt, t.createdAt)],
)

export const filesPg = p.pgTable(
  'files',
  {
    id: pq.id(),
    /** which kind of file (shared/schemas/files.ts): its types, its size limit and the area that decides who reads it */
    kind: p.text('kind').$type<FileKind>().notNull().default('checklist'),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    name: p.text('name').notNull(),
    contentType: p.text('content_type').notNull(),
    size: p.integer('size').notNull(),
    data: pq.bytea('data').notNull(),
    createdAt: pq.createdAt(),
    attachedAt: pq.ms('attached_at'),
  },
  (t) => [p.index('files_user').on(t.userId, t.kind), p.index('files_unattached').on(t.kind, t.attachedAt, t.createdAt)],
)
