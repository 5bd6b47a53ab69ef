import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FILE_KINDS } from '../../shared/schemas/files'
import { BASEMAP_MAX_BYTES } from '../../shared/schemas/maps'
import { USER_IMPORT_MAX_BYTES } from '../../shared/schemas/users'
import { MAX_BODY_BYTES } from '../app'
import { createTestApp } from '../test/harness'
import { uploadLimitOf } from './upload-limit'

/**
 * Each route that takes a file declares its body limit beside it (`uploadUpTo`); every other body stops at
 * MAX_BODY_BYTES. The API's one middleware applies the declaration before reading the body.
 */
const EXPECTED: Record<string, number> = {
  'PUT /api/sync/files/:id': FILE_KINDS.checklist.maxBytes,
  'POST /api/guide-admin/files': FILE_KINDS.guide.maxBytes,
  'POST /api/order-imports': FILE_KINDS.order_import.maxBytes,
  'POST /api/users/import': USER_IMPORT_MAX_BYTES,
  'POST /api/device-imports': FILE_KINDS.device_import.maxBytes,
  'POST /api/maps/postal-codes': FILE_KINDS.device_import.maxBytes,
  'POST /api/maps/basemap': BASEMAP_MAX_BYTES,
  'POST /api/lead-lists': FILE_KINDS.lead_list.maxBytes,
  'POST /api/lead-lists/:id/nix': FILE_KINDS.lead_list.maxBytes,
  'POST /api/transcriptions': FILE_KINDS.recording.maxBytes,
  'POST /api/feed/images': FILE_KINDS.feed_image.maxBytes,
}

describe('upload limits declared by the routes', async () => {
  const t = await createTestApp()
  const declared = Object.fromEntries(
    t.app.routes.flatMap((route) => {
      const max = uploadLimitOf(route.handler)
      return max === undefined ? [] : [[`${route.method} ${route.path}`, max]]
    }),
  )
  // A browser page of the app sending `length` bytes (the header; the body may be shorter: the limit reads the header).
  const send = (method: string, path: string, length: number, body: Uint8Array) =>
    t.request(method, path.replace(':id', randomUUID()), { body, headers: { 'content-type': 'application/octet-stream', 'content-length': String(length) } })

  it('are the routes that take a file, each with its kind’s limit', () => {
    expect(declared).toEqual(EXPECTED)
  })

  it('let such a route read more than an ordinary body, and refuse what is over its own limit with 413', async () => {
    const overOrdinary = new Uint8Array(MAX_BODY_BYTES + 1)
    for (const [route, max] of Object.entries(EXPECTED)) {
      const [method, path] = route.split(' ') as [string, string]
      // Past the size check and the origin check: the route itself answers (no session here: 401).
      const ordinary = await send(method, path, overOrdinary.byteLength, overOrdinary)
      expect(ordinary.status, route).toBe(401)
      const over = await send(method, path, max + 1, new Uint8Array(1))
      expect(over.status, route).toBe(413)
      expect(over.json.error, route).toBe('payload_too_large')
    }
  })

  it('refuse a body over MAX_BODY_BYTES on every other route', async () => {
    for (const path of ['/api/users', '/api/sync/push', '/api/auth/login']) {
      const r = await send('POST', path, MAX_BODY_BYTES + 1, new Uint8Array(MAX_BODY_BYTES + 1))
      expect(r.status, path).toBe(413)
    }
  })
})
