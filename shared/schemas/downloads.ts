import { z } from 'zod'
import { listQuerySchema } from './pagination'

/**
 * The downloads centre (docs/decisions/071): the files the app makes in the background for a person — exports,
 * imports' error reports, lead lists — with their state, progress and expiry. A file is fetched with the
 * permission it needs checked again at that moment.
 */
export const DOWNLOAD_KINDS = ['payrollExport', 'absenceExport', 'orderImportErrors', 'leadList', 'other'] as const
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number]
export const DOWNLOAD_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const
export type DownloadState = (typeof DOWNLOAD_STATES)[number]

/** How long a ready file is kept, and how many large exports one person may have running at once. */
export const DOWNLOAD_TTL_MS = 7 * 24 * 3600_000
export const LARGE_DOWNLOADS_AT_ONCE = 2

export const downloadsQuerySchema = listQuerySchema(['createdAt', 'name']).extend({
  state: z.enum(DOWNLOAD_STATES).optional(),
  kind: z.enum(DOWNLOAD_KINDS).optional(),
  /** admins: everyone's downloads, not only their own */
  everyone: z.enum(['true', 'false']).optional(),
})
export type DownloadsQuery = z.input<typeof downloadsQuerySchema>

export type DownloadItem = {
  id: string
  kind: DownloadKind
  name: string
  state: DownloadState
  /** 0…1 while running, when the job reports it */
  progress: number | null
  size: number | null
  error: string | null
  createdAt: number
  finishedAt: number | null
  expiresAt: number | null
  /** whose it is (shown to admins looking at everyone's) */
  ownerName: string
  mine: boolean
}
export const downloadIdSchema = z.strictObject({ id: z.uuid() })
