import { Hono } from 'hono'
import { AUDIO_MAX_BYTES, FILE_KINDS } from '../../../shared/schemas/files'
import {
  proposedProviderQuerySchema,
  scriptInputSchema,
  scriptProviderParamSchema,
  transcribeAgainSchema,
  transcriptionIdParamSchema,
  transcriptionsQuerySchema,
  transcriptionUploadQuerySchema,
  transcriptTextSchema,
} from '../../../shared/schemas/transcriptions'
import { access } from '../../lib/access'
import { byteRange } from '../../lib/byte-range'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { readUpload } from '../../platform/files'
import type { TranscriptionsService } from './transcriptions.service'
import { uploadUpTo } from '../../lib/upload-limit'

/**
 * Seller transcriptions (docs/decisions/076): the list and a transcript within the reader's rules (a coach: their
 * teams'), a call made by back office or an integration (the body is the recording, or empty when only text comes),
 * its text typed or imported, its recording in parts for the player, the providers' scripts.
 */
export function transcriptionsRoutes({ files }: Pick<Deps, 'files'>, transcriptions: TranscriptionsService) {
  // A recording is read through its transcript's route (which checks the reader's rules), never as a bare file.
  files.readPolicy('recording', async () => false)

  return new Hono<AppEnv>()
    .get('/transcriptions', access.can('view', 'seller_transcriptions'), validate('query', transcriptionsQuerySchema), async (c) =>
      c.json(await transcriptions.reads.list(c.var.auth!.ability, c.req.valid('query')), 200),
    )
    .get('/transcriptions/proposed-provider', access.can('create', 'seller_transcriptions'), validate('query', proposedProviderQuerySchema), async (c) =>
      c.json(await transcriptions.records.proposeProvider(c.req.valid('query'), c.var.t), 200),
    )
    .get('/transcriptions/settings', access.can('view', 'seller_transcriptions'), async (c) =>
      c.json({ ...transcriptions.settings(), maxBytes: AUDIO_MAX_BYTES }, 200),
    )
    .post(
      '/transcriptions',
      uploadUpTo(FILE_KINDS.recording.maxBytes),
      access.can('create', 'seller_transcriptions'),
      validate('query', transcriptionUploadQuerySchema),
      async (c) => {
        const empty = c.req.header('content-length') === '0' || !c.req.raw.body
        const audio = empty ? null : await readUpload(c, 'recording', 'call')
        const id = await transcriptions.records.create(c.var.auth!.userData.id, c.req.valid('query'), audio, c.var.t)
        return c.json(await transcriptions.reads.get(c.var.auth!.ability, id), 201)
      },
    )
    .get('/transcriptions/:id', access.can('view', 'seller_transcriptions'), validate('param', transcriptionIdParamSchema), async (c) =>
      c.json(await transcriptions.reads.get(c.var.auth!.ability, c.req.valid('param').id), 200),
    )
    .put(
      '/transcriptions/:id/text',
      access.can('update', 'seller_transcriptions'),
      validate('param', transcriptionIdParamSchema),
      validate('json', transcriptTextSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        await transcriptions.reads.get(c.var.auth!.ability, id)
        await transcriptions.records.setText(c.var.auth!.userData.id, id, c.req.valid('json'))
        return c.json(await transcriptions.reads.get(c.var.auth!.ability, id), 200)
      },
    )
    .post(
      '/transcriptions/:id/transcribe',
      access.can('update', 'seller_transcriptions'),
      validate('param', transcriptionIdParamSchema),
      validate('json', transcribeAgainSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        await transcriptions.reads.get(c.var.auth!.ability, id)
        await transcriptions.records.transcribeAgain(c.var.auth!.userData.id, id, c.req.valid('json'))
        return c.json(await transcriptions.reads.get(c.var.auth!.ability, id), 202)
      },
    )
    .get('/transcriptions/:id/audio', access.can('view', 'seller_transcriptions'), validate('param', transcriptionIdParamSchema), async (c) => {
      const { bytes, type } = await transcriptions.reads.audio(c.var.auth!.ability, c.req.valid('param').id)
      const headers: Record<string, string> = {
        'Content-Type': type,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
      }
      const part = byteRange(c.req.header('range'), bytes.byteLength)
      if (part.kind === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${bytes.byteLength}` })
      if (part.kind === 'part')
        return c.body(new Uint8Array(bytes.subarray(part.start, part.end + 1)), 206, {
          ...headers,
          'Content-Range': `bytes ${part.start}-${part.end}/${bytes.byteLength}`,
        })
      return c.body(new Uint8Array(bytes), 200, headers)
    })
    .get('/transcription-scripts', access.can('view', 'seller_transcriptions'), async (c) => c.json(await transcriptions.providerScripts.scripts(), 200))
    .put(
      '/transcription-scripts/:providerId',
      access.can('update', 'seller_transcriptions'),
      validate('param', scriptProviderParamSchema),
      validate('json', scriptInputSchema),
      async (c) => {
        await transcriptions.providerScripts.saveScript(c.var.auth!.userData.id, c.req.valid('param').providerId, c.req.valid('json'), c.var.t)
        return c.json(await transcriptions.providerScripts.scripts(), 200)
      },
    )
}
