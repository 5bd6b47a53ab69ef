import { subject } from '@casl/ability'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CHECKLIST_MAX_BYTES, CHECKLIST_TYPES } from '../../../shared/schemas/sales'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { ApiError, notFound, validationError } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { checklistFiles } from './checklist-files'

/** The first bytes each accepted checklist type starts with: the declared type must match the content. */
function contentMatches(type: string, bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  switch (type) {
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
    case 'image/png':
      return ascii(1, 4) === 'PNG'
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
    case 'image/heic':
    case 'image/heif':
      return ascii(4, 8) === 'ftyp'
    case 'application/pdf':
      return ascii(0, 5) === '%PDF-'
    default:
      return false
  }
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The checklist files that travel with a seller's sales: uploaded by the device before the sale that names
 * them is pushed (under /api/sync/files, the path the sync contract gives them, decision 008).
 */
export function salesRoutes({ database }: Deps) {
  const files = checklistFiles(database)
  const { db, t } = database

  return new Hono<AppEnv>()
    .put('/sync/files/:id', access.can('create', 'sales'), async (c) => {
      const userId = c.var.auth!.userData.id
      const id = c.req.param('id')
      if (!FILE_ID.test(id)) throw validationError({ id: [c.var.t('validation.invalidFormat')] })
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!(CHECKLIST_TYPES as readonly string[]).includes(type)) {
        throw new ApiError(415, 'unsupported_media_type', { fieldErrors: { file: [c.var.t('validation.sale.fileType')] } })
      }
      const body = new Uint8Array(await c.req.arrayBuffer())
      if (body.byteLength === 0) throw validationError({ file: [c.var.t('validation.sale.fileEmpty')] })
      if (body.byteLength > CHECKLIST_MAX_BYTES) throw new ApiError(413, 'payload_too_large', { fieldErrors: { file: [c.var.t('validation.sale.fileTooLarge')] } })
      if (!contentMatches(type, body)) throw new ApiError(415, 'unsupported_media_type', { fieldErrors: { file: [c.var.t('validation.sale.fileType')] } })
      let name = 'checklist'
      try {
        name = decodeURIComponent(c.req.header('x-file-name') ?? 'checklist').slice(0, 200) || 'checklist'
      } catch {
        // keep the default name
      }
      // Uploading the same file again (a retry after a lost answer) changes nothing.
      const stored = await files.store({ id, userId, name: name.toWellFormed(), contentType: type, data: Buffer.from(body) }, Date.now())
      return c.body(null, stored === 'stored' ? 201 : 204)
    })
    .get('/sync/files/:id', access.signedIn(), async (c) => {
      const auth = c.var.auth!
      const [file] = await db.select().from(t.files).where(eq(t.files.id, c.req.param('id')))
      if (!file) throw notFound()
      // Own files; otherwise whoever may see the sale report it belongs to (back office; a coach their teams',
      // a manager their office's). Anyone else learns nothing, not even that it exists.
      if (file.userId !== auth.userData.id) {
        const [sale] = await db
          .select({ sellerId: t.sales.sellerId, teamId: t.sales.teamId, officeId: t.sales.officeId })
          .from(t.sales)
          .where(eq(t.sales.checklistFileId, file.id))
        if (!sale || !auth.ability.can('view', subject('sale_reports', { ...sale }) as never)) throw notFound()
      }
      // Customer documents: never kept by the browser or a proxy (a shared phone keeps nothing after logout),
      // never run as a page of the app's origin (sandboxed, no scripts), never sniffed into another type, and
      // only images are shown in place; a PDF is downloaded (decision 016).
      const image = file.contentType.startsWith('image/')
      c.header('Content-Type', file.contentType)
      c.header('Content-Disposition', `${image ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      c.header('Cache-Control', 'no-store')
      c.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      c.header('Cross-Origin-Resource-Policy', 'same-origin')
      return c.body(new Uint8Array(file.data), 200)
    })
}
