import { z } from 'zod'
import { CHECKLIST_MAX_BYTES, CHECKLIST_TYPES } from './sales'

/** The type of an .xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const MiB = 1024 * 1024

/** A call's recording (seller transcriptions, docs/decisions/076): the types speech engines read, by content; 25 MB is one engine request. */
export const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a', 'audio/webm', 'audio/flac', 'video/webm'] as const
export const AUDIO_MAX_BYTES = 25 * MiB

/**
 * Every kind of stored file, with the types its content may have (checked by the content, never by the name or
 * the declared type alone) and its size limit. The area that owns a kind decides who may read its files
 * (server/platform/files.ts). `messages` names the translation keys a refusal is explained with.
 *
 * `ownerReads`: whether the file's owner may always read it. True only for what a person uploads as their own (a
 * checklist photo, a guide's image). A file made or kept on someone's behalf — an export, an import, a contract, a
 * recording — is read under its kind's policy at the moment of reading, owner included: someone who made an export
 * and has since lost the role no longer gets it (issue 68 Q6).
 */
export const FILE_KINDS = {
  /** a sale's checklist photo or PDF, uploaded by the seller's device (sales area) */
  checklist: { types: CHECKLIST_TYPES, maxBytes: CHECKLIST_MAX_BYTES, messages: 'validation.sale', ownerReads: true },
  /** an order file from a provider, read into the back office (CSV or XLSX) */
  order_import: { types: ['text/csv', XLSX_TYPE], maxBytes: 20 * MiB, messages: 'validation.file', ownerReads: false },
  /** an MDM's device list, read into the devices (docs/decisions/072) */
  device_import: { types: ['text/csv', XLSX_TYPE], maxBytes: 20 * MiB, messages: 'validation.file', ownerReads: false },
  /** a raw lead list or a NIX answer, read by the lead-list tool (docs/decisions/075): 200,000 rows fit */
  lead_list: { types: ['text/csv', XLSX_TYPE], maxBytes: 100 * MiB, messages: 'validation.file', ownerReads: false },
  /** a call's recording (seller transcriptions, docs/decisions/076) */
  recording: { types: AUDIO_TYPES, maxBytes: AUDIO_MAX_BYTES, messages: 'validation.file', ownerReads: false },
  /** an export the app produced for a user to download (CSV, XLSX, PAXml): read under its download's permission */
  export: { types: ['text/csv', XLSX_TYPE, 'application/xml'], maxBytes: 200 * MiB, messages: 'validation.file', ownerReads: false },
  /** an image or an attachment a guide shows (guides area, docs/decisions/069) */
  guide: { types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 10 * MiB, messages: 'validation.file', ownerReads: true },
  /** the image of a manager's post in the team feed (docs/decisions/102): read by whoever sees the post */
  feed_image: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * MiB, messages: 'validation.file', ownerReads: true },
  /** a signed contract or agreement (PDF) */
  contract: { types: ['application/pdf'], maxBytes: 20 * MiB, messages: 'validation.file', ownerReads: false },
} as const satisfies Record<string, { types: readonly string[]; maxBytes: number; messages: string; ownerReads: boolean }>

export type FileKind = keyof typeof FILE_KINDS
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as FileKind[]

/** Short names of types, for messages ("CSV, XLSX"). */
export const TYPE_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  [XLSX_TYPE]: 'XLSX',
  'application/xml': 'XML',
  'audio/mpeg': 'MP3',
  'audio/wav': 'WAV',
  'audio/ogg': 'Ogg',
  'audio/opus': 'Opus',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/webm': 'WebM',
  'video/webm': 'WebM',
  'audio/flac': 'FLAC',
}

/** A stored file's id in a path (files are named by UUIDs). */
export const fileIdParamSchema = z.strictObject({ id: z.uuid() })
