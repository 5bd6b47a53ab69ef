import type { FileKind } from '../../../shared/schemas/files'

import { table } from './table'

import { users } from './identity'

/** Every stored file (server/platform/files.ts). Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** Every stored file (server/platform/files.ts), kept in the database so every instance serves it. */
export const [files, filesPg] = table(
  'files',
  (k) => ({
    id: k.id(),
    /** which kind of file (shared/schemas/files.ts): its types, its size limit and the area that decides who reads it */
    kind: k.text('kind').$type<FileKind>().notNull().default('checklist'),
    userId: k.ref('user_id', () => users).notNull(),
    name: k.text('name').notNull(),
    contentType: k.text('content_type').notNull(),
    size: k.integer('size').notNull(),
    data: k.bytes('data').notNull(),
    createdAt: k.createdAt(),
    /** when a record (a sale) took the file; null while it waits (counted against the owner's quota, purged after a few days) */
    attachedAt: k.ms('attached_at'),
  }),
  (t, k) => [k.index('files_user').on(t.userId, t.kind), k.index('files_unattached').on(t.kind, t.attachedAt, t.createdAt)],
)
