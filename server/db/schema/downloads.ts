import type { DownloadKind, DownloadState } from '../../../shared/schemas/downloads'
import { table } from './table'

/**
 * The downloads centre (docs/decisions/071): every file the app makes in the background for a person, from the
 * request to its expiry. The job that makes it is named (its progress is the job's), the permission it needs is
 * kept so it is checked again when the file is fetched, and the file itself is in the file store until it expires.
 */
export const [downloads, downloadsPg] = table(
  'downloads',
  (k) => ({
    id: k.id(),
    userId: k.text('user_id').notNull(),
    kind: k.text('kind').$type<DownloadKind>().notNull(),
    name: k.text('name').notNull(),
    state: k.text('state').$type<DownloadState>().notNull(),
    /** counts against the person's limit of large exports running at once */
    large: k.bool('large').notNull(),
    /** the permission the file needs: checked again at each download */
    action: k.text('action').notNull(),
    subject: k.text('subject').notNull(),
    jobId: k.text('job_id'),
    fileId: k.text('file_id'),
    size: k.bigint('size'),
    contentType: k.text('content_type'),
    error: k.text('error'),
    createdAt: k.createdAt(),
    finishedAt: k.ms('finished_at'),
    expiresAt: k.ms('expires_at'),
  }),
  (t, k) => [
    k.index('downloads_user').on(t.userId, t.createdAt),
    k.index('downloads_created').on(t.createdAt, t.id),
    k.index('downloads_expiry').on(t.state, t.expiresAt),
    // an export file's reader is checked against the download that made it (server/platform/downloads.ts)
    k.index('downloads_file').on(t.fileId),
  ],
)
