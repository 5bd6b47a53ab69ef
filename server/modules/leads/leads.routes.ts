import { Hono } from 'hono'
import {
  leadFormatIdParamSchema,
  leadFormatInputSchema,
  leadListIdParamSchema,
  leadNixQuerySchema,
  leadListsQuerySchema,
  leadPreviewSchema,
  leadRunSchema,
  leadSourceIdParamSchema,
  leadSourceInputSchema,
  leadUploadQuerySchema,
} from '../../../shared/schemas/leads'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { readUpload } from '../../platform/files'
import type { LeadsService } from './leads.service'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

/** The tool's one permission: the lead-list tool is back office's, whole (docs/decisions/075). */
const tool = () => access.can('view', 'tool_pts_transform')

/**
 * The lead-list tool (docs/decisions/075): a list uploaded (the body is the file: CSV or XLSX, checked by its
 * content), its NIX answer, the preview, the run into Downloads; the output formats and the sources.
 */
export function leadsRoutes({ files }: Pick<Deps, 'files'>, leads: LeadsService) {
  // A list and its NIX answer are read by whoever may use the tool (besides who uploaded them).
  files.readPolicy('lead_list', async (_file, auth) => auth.ability.can('view', 'tool_pts_transform'))

  return new Hono<AppEnv>()
    .post('/lead-lists', uploadUpTo(FILE_KINDS.lead_list.maxBytes), tool(), validate('query', leadUploadQuerySchema), async (c) => {
      const upload = await readUpload(c, 'lead_list', 'leads')
      return c.json(await leads.upload(c.var.auth!.userData.id, c.req.valid('query'), upload, c.var.t), 201)
    })
    .get('/lead-lists', tool(), validate('query', leadListsQuerySchema), async (c) => c.json(await leads.list(c.req.valid('query')), 200))
    .get('/lead-lists/:id', tool(), validate('param', leadListIdParamSchema), async (c) => c.json(await leads.get(c.req.valid('param').id), 200))
    .post(
      '/lead-lists/:id/nix',
      uploadUpTo(FILE_KINDS.lead_list.maxBytes),
      tool(),
      validate('param', leadListIdParamSchema),
      validate('query', leadNixQuerySchema),
      async (c) => {
        const upload = await readUpload(c, 'lead_list', 'nix')
        return c.json(await leads.setNix(c.var.auth!.userData.id, c.req.valid('param').id, upload, c.var.t, c.req.valid('query').checkedOn), 200)
      },
    )
    .delete('/lead-lists/:id/nix', tool(), validate('param', leadListIdParamSchema), async (c) =>
      c.json(await leads.removeNix(c.var.auth!.userData.id, c.req.valid('param').id), 200),
    )
    .post('/lead-lists/:id/preview', tool(), validate('param', leadListIdParamSchema), validate('json', leadPreviewSchema), async (c) =>
      c.json(await leads.runs.preview(c.req.valid('param').id, c.req.valid('json').mapping, c.var.t, c.var.lang), 200),
    )
    .post('/lead-lists/:id/run', tool(), validate('param', leadListIdParamSchema), validate('json', leadRunSchema), async (c) =>
      c.json(await leads.runs.run(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json'), c.var.t, c.var.lang), 202),
    )
    .get('/lead-formats', tool(), async (c) => c.json(await leads.fileFormats.formats(), 200))
    .post('/lead-formats', tool(), validate('json', leadFormatInputSchema), async (c) =>
      c.json(await leads.fileFormats.saveFormat(c.var.auth!.userData.id, null, c.req.valid('json'), c.var.t), 201),
    )
    .put('/lead-formats/:id', tool(), validate('param', leadFormatIdParamSchema), validate('json', leadFormatInputSchema), async (c) =>
      c.json(await leads.fileFormats.saveFormat(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
    )
    .delete('/lead-formats/:id', tool(), validate('param', leadFormatIdParamSchema), async (c) => {
      await leads.fileFormats.removeFormat(c.var.auth!.userData.id, c.req.valid('param').id)
      return c.json({ ok: true }, 200)
    })
    .get('/lead-sources', tool(), async (c) => c.json(await leads.fileFormats.sources(), 200))
    .post('/lead-sources', tool(), validate('json', leadSourceInputSchema), async (c) =>
      c.json(await leads.fileFormats.createSource(c.var.auth!.userData.id, c.req.valid('json').name, c.var.t), 201),
    )
    .put('/lead-sources/:id', tool(), validate('param', leadSourceIdParamSchema), validate('json', leadSourceInputSchema), async (c) => {
      await leads.fileFormats.renameSource(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json'), c.var.t)
      return c.json({ ok: true }, 200)
    })
    .delete('/lead-sources/:id', tool(), validate('param', leadSourceIdParamSchema), async (c) => {
      await leads.fileFormats.removeSource(c.var.auth!.userData.id, c.req.valid('param').id)
      return c.json({ ok: true }, 200)
    })
}
