import { Hono } from 'hono'
import { z } from 'zod'
import {
  absenceExportRequestSchema,
  createExtraIncomeSchema,
  extraIncomeIdParamSchema,
  extraIncomeListQuerySchema,
  monthSchema,
  paycodeItemParamSchema,
  payExportIdParamSchema,
  payExportListQuerySchema,
  payrollExportRequestSchema,
  payrollMonthQuerySchema,
  removeExtraIncomeSchema,
  updateExtraIncomeSchema,
  updatePaycodeSchema,
} from '../../../shared/schemas/pay'
import { access, recentSignIn } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { forbidden } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import type { PayExports } from './pay.exports'
import type { PayService } from './pay.service'

const commissionQuerySchema = z.strictObject({ userId: z.uuid(), month: monthSchema })

/**
 * Pay (issue 15, docs/decisions/029): the pay codes, extra income, a seller's commission lines, the payroll month's
 * state and its export, and the absence export. Exports are jobs: the answer is the export, polled until its file
 * is ready; the file is fetched through /api/files/:id under its download's permission (server/platform/downloads.ts).
 */
export function payRoutes(_deps: Deps, pay: PayService, exports: PayExports) {
  const actorId = (c: { var: AppEnv['Variables'] }) => c.var.auth!.userData.id

  return new Hono<AppEnv>()
    .get('/paycodes', access.can('view', 'paycodes'), async (c) => c.json({ items: await pay.codes.paycodes(), system: exports.systemName }, 200))
    .put('/paycodes/:item', access.can('update', 'paycodes'), validate('param', paycodeItemParamSchema), validate('json', updatePaycodeSchema), async (c) =>
      c.json(await pay.codes.updatePaycode({ id: actorId(c) }, c.req.valid('param').item, c.req.valid('json'), c.var.t), 200),
    )
    .get('/extra-incomes', access.can('view', 'paycodes'), validate('query', extraIncomeListQuerySchema), async (c) => {
      return c.json(await pay.extraIncome.listExtraIncome(c.req.valid('query')), 200)
    })
    .post('/extra-incomes', access.can('create', 'extra_incomes'), validate('json', createExtraIncomeSchema), async (c) => {
      return c.json(await pay.extraIncome.createExtraIncome({ id: actorId(c) }, c.req.valid('json'), c.var.t), 201)
    })
    .patch(
      '/extra-incomes/:id',
      access.can('update', 'extra_incomes'),
      validate('param', extraIncomeIdParamSchema),
      validate('json', updateExtraIncomeSchema),
      async (c) => c.json(await pay.extraIncome.updateExtraIncome({ id: actorId(c) }, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .post(
      '/extra-incomes/:id/remove',
      access.can('update', 'extra_incomes'),
      validate('param', extraIncomeIdParamSchema),
      validate('json', removeExtraIncomeSchema),
      async (c) => {
        await pay.extraIncome.removeExtraIncome({ id: actorId(c) }, c.req.valid('param').id, c.req.valid('json').version)
        return c.json({ ok: true as const }, 200)
      },
    )
    .get('/commission-lines', access.can('view', 'paycodes'), validate('query', commissionQuerySchema), async (c) => {
      const q = c.req.valid('query')
      return c.json({ items: await pay.commissions.commissionLines(q.userId, q.month) }, 200)
    })
    .get('/payroll', access.can('view', 'paycodes'), validate('query', payrollMonthQuerySchema), async (c) => {
      return c.json(await exports.payrollMonth(c.req.valid('query').month), 200)
    })
    .post('/payroll-exports', access.can('create', 'payroll_exports'), recentSignIn, validate('json', payrollExportRequestSchema), async (c) => {
      const { month, format, scope, leftOut } = c.req.valid('json')
      return c.json(await exports.requestPayroll(actorId(c), month, format, scope, leftOut), 202)
    })
    .post('/absence-exports', access.can('view', 'absenceexport'), validate('json', absenceExportRequestSchema), async (c) => {
      return c.json(await exports.requestAbsence(actorId(c), c.req.valid('json'), c.var.lang), 202)
    })
    .get('/pay-exports', access.signedIn(), validate('query', payExportListQuerySchema), async (c) => {
      const { kind } = c.req.valid('query')
      const ability = c.var.auth?.ability
      if (!ability) throw forbidden()
      if (kind === 'payroll' ? !ability.can('view', 'paycodes') : !ability.can('view', 'absenceexport')) throw forbidden()
      return c.json({ items: await exports.list(kind) }, 200)
    })
    .get('/pay-exports/:id', access.signedIn(), validate('param', payExportIdParamSchema), async (c) => {
      const found = await exports.get(c.req.valid('param').id)
      const ability = c.var.auth?.ability
      if (!ability || (found.kind === 'payroll' ? !ability.can('view', 'paycodes') : !ability.can('view', 'absenceexport'))) throw forbidden()
      return c.json(found, 200)
    })
}
