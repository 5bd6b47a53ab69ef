import { Hono } from 'hono'
import {
  attestationListQuerySchema,
  attestSchema,
  correctTimeReportSchema,
  recordSickDaysSchema,
  reopenSchema,
  sickListQuerySchema,
  timeReportIdParamSchema,
  timeReportListQuerySchema,
} from '../../../shared/schemas/time-reports'
import { access, notImpersonating } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { found } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { TimeReportsAdmin } from './time-reports.admin'

/**
 * Back office's time reports (issue 15, docs/decisions/029): the period's list, a report and its correction, the
 * month's attestation per seller and its reopening, and who is sick.
 */
export function timeReportsRoutes(admin: TimeReportsAdmin) {
  return (
    new Hono<AppEnv>()
      .get('/time-reports', access.can('view', 'time_reports'), validate('query', timeReportListQuerySchema), async (c) => {
        return c.json(await admin.reads.list(c.var.auth!.ability, c.req.valid('query')), 200)
      })
      .get('/time-reports/:id', access.can('view', 'time_reports'), validate('param', timeReportIdParamSchema), async (c) => {
        return c.json(found(await admin.reads.detail(c.var.auth!.ability, c.req.valid('param').id)), 200)
      })
      .patch(
        '/time-reports/:id',
        access.can('update', 'time_reports'),
        validate('param', timeReportIdParamSchema),
        validate('json', correctTimeReportSchema),
        async (c) => c.json(await admin.correction.correct(actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .get('/time-attestations', access.can('view', 'time_reports'), validate('query', attestationListQuerySchema), async (c) => {
        return c.json({ items: await admin.attestationReads.attestations(c.var.auth!.ability, c.req.valid('query')) }, 200)
      })
      // Attesting signs the hours off for payroll in the attester's name: not an admin's acting as them (decision 054).
      .post('/time-attestations', access.can('create', 'time_attestations'), notImpersonating, validate('json', attestSchema), async (c) => {
        const { month, userIds } = c.req.valid('json')
        return c.json(await admin.attestationChanges.attest(actorOf(c), month, userIds), 200)
      })
      .post('/time-attestations/sick-days', access.can('update', 'time_reports'), validate('json', recordSickDaysSchema), async (c) => {
        return c.json(await admin.attestationChanges.recordSickDays(actorOf(c), c.req.valid('json')), 200)
      })
      .post('/time-attestations/reopen', access.can('update', 'time_attestations'), validate('json', reopenSchema), async (c) => {
        await admin.attestationChanges.reopen(actorOf(c), c.req.valid('json'))
        return c.json({ ok: true as const }, 200)
      })
      .get('/sick-notices', access.can('view', 'sicknotices'), validate('query', sickListQuerySchema), async (c) => {
        return c.json({ items: await admin.sick.sickList(c.var.auth!.ability, c.req.valid('query')) }, 200)
      })
  )
}
