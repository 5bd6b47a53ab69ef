import { Hono } from 'hono'
import {
  deviceCheckSchema,
  deviceIdSchema,
  deviceImportApplySchema,
  deviceImportIdSchema,
  deviceLostSchema,
  deviceReportSchema,
  deviceSettingsSchema,
  devicesQuerySchema,
  deviceUpdateSchema,
} from '../../../shared/schemas/devices'
import { z } from 'zod'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { readUpload } from '../../platform/files'
import type { DevicesService } from './devices.service'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

const settingsSaveSchema = deviceSettingsSchema.extend({ version: z.int().min(0) })

/**
 * The devices (docs/decisions/072): the app's report after a sync and the lost check (without a session: a lost
 * device's session has ended), back office's list, a device with its history, edits, the lost mark, the alerts'
 * thresholds and the MDM list's import.
 */
export function devicesRoutes({ files }: Pick<Deps, 'files'>, devices: DevicesService) {
  // An MDM list is read by those who may keep the devices (besides who uploaded it).
  files.readPolicy('device_import', async (_file, auth) => auth.ability.can('update', 'devices'))

  return new Hono<AppEnv>()
    .post('/devices/report', access.signedIn(), validate('json', deviceReportSchema), async (c) => {
      const auth = c.var.auth!
      // An admin acting as a seller does not register the admin's browser as the seller's device.
      if (auth.impersonator) return c.json({ wipe: false }, 200)
      return c.json(
        await devices.registry.report({ userId: auth.userData.id, sessionId: auth.sessionId }, c.req.valid('json'), c.req.header('user-agent') ?? ''),
        200,
      )
    })
    .post('/devices/check', access.public(), validate('json', deviceCheckSchema), async (c) => {
      const { deviceId, key } = c.req.valid('json')
      return c.json(await devices.registry.check(deviceId, key), 200)
    })
    .get('/devices', access.can('view', 'devices'), validate('query', devicesQuerySchema), async (c) =>
      c.json(await devices.reads.list(c.var.auth!.ability, c.req.valid('query')), 200),
    )
    .get('/devices/settings', access.can('view', 'devices'), async (c) => c.json(await devices.settings(), 200))
    .put('/devices/settings', access.can('update', 'devices'), validate('json', settingsSaveSchema), async (c) => {
      const { version, ...settings } = c.req.valid('json')
      return c.json(await devices.records.saveSettings(c.var.auth!.userData.id, version, settings), 200)
    })
    .get('/devices/:id', access.can('view', 'devices'), validate('param', deviceIdSchema), async (c) =>
      c.json(await devices.reads.detail(c.var.auth!.ability, c.req.valid('param').id), 200),
    )
    .put('/devices/:id', access.can('update', 'devices'), validate('param', deviceIdSchema), validate('json', deviceUpdateSchema), async (c) => {
      const { id } = c.req.valid('param')
      await devices.reads.detail(c.var.auth!.ability, id)
      await devices.records.update(c.var.auth!.userData.id, id, c.req.valid('json'), c.var.t)
      return c.json(await devices.reads.detail(c.var.auth!.ability, id), 200)
    })
    .put('/devices/:id/lost', access.can('update', 'devices'), validate('param', deviceIdSchema), validate('json', deviceLostSchema), async (c) => {
      const { id } = c.req.valid('param')
      const { version, lost } = c.req.valid('json')
      await devices.reads.detail(c.var.auth!.ability, id)
      await devices.records.setLost(c.var.auth!.userData.id, id, version, lost)
      return c.json(await devices.reads.detail(c.var.auth!.ability, id), 200)
    })
    .post('/device-imports', uploadUpTo(FILE_KINDS.device_import.maxBytes), access.can('update', 'devices'), async (c) => {
      return c.json(await devices.imports.upload(c.var.auth!.userData.id, await readUpload(c, 'device_import', 'devices'), c.var.t), 201)
    })
    .post(
      '/device-imports/:id/preview',
      access.can('update', 'devices'),
      validate('param', deviceImportIdSchema),
      validate('json', deviceImportApplySchema),
      async (c) => c.json(await devices.imports.preview(c.req.valid('param').id, c.req.valid('json').mapping, c.var.t), 200),
    )
    .post(
      '/device-imports/:id/apply',
      access.can('update', 'devices'),
      validate('param', deviceImportIdSchema),
      validate('json', deviceImportApplySchema),
      async (c) => c.json(await devices.imports.apply(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json').mapping, c.var.t), 200),
    )
}
