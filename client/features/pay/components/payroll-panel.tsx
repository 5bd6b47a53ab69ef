import { Button, Card, HStack, Stack, Stat, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PayrollProblem } from '../../../../shared/schemas/pay'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { ApiClientError } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { listPaycodes, payrollMonth, requestPayroll } from '../api/pay-api'
import { ExportList } from './export-list'
import { MonthField } from '../../../components/ui/month-field'
import { LoadError } from '../../../components/ui/load-error'
import { payKeys } from '../api/pay-keys'
import { Notice } from '../../../components/ui/notice'

const PROBLEMS_SHOWN = 20

/**
 * The payroll export of a month: who it covers, how many are attested, what must be fixed first (each problem
 * named), the last export, and the export itself (PAXml 2.0 or CSV) as a job whose file stays here.
 */
export function PayrollPanel({ month, onMonth }: { month: string; onMonth: (m: string) => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<'paxml' | 'csv' | null>(null)
  const state = useQuery({ queryKey: payKeys.payroll.month(month), queryFn: ({ signal }) => payrollMonth(month, signal) })
  const codes = useQuery({ queryKey: payKeys.paycodes, queryFn: ({ signal }) => listPaycodes(signal) })
  const system = codes.data?.system ?? t('pay.payrollSystem')
  const problems = state.data?.problems ?? []
  const start = async (format: 'paxml' | 'csv') => {
    setBusy(format)
    try {
      await requestPayroll(month, format)
      void queryClient.invalidateQueries({ queryKey: payKeys.exports('payroll') })
    } catch (err) {
      // Refused: the month changed since it was read; show what must be fixed now.
      if (err instanceof ApiClientError && err.body?.error === 'export_refused') void state.refetch()
      snackbar.error(formErrorOf(err, t).message)
    } finally {
      setBusy(null)
    }
  }
  return (
    <Stack gap="4" pt="2">
      <Text fontSize="sm" color="fg.muted">
        {t('pay.payroll.intro', { system })}
      </Text>
      <MonthField month={month} onChange={onMonth} />
      {state.isPending ? (
        <Text color="fg.muted" aria-busy>
          …
        </Text>
      ) : state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <HStack gap="8" wrap="wrap">
                <Stat.Root>
                  <Stat.Label>{t('pay.payroll.employees')}</Stat.Label>
                  <Stat.ValueText data-testid="payroll-employees">{state.data.employees}</Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>{t('pay.payroll.attested')}</Stat.Label>
                  <Stat.ValueText>{state.data.attested}</Stat.ValueText>
                </Stat.Root>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {state.data.lastExport
                  ? t('pay.payroll.lastExport', { date: state.data.lastExport.at, name: state.data.lastExport.by })
                  : t('pay.payroll.neverExported')}
                {state.data.lastExport ? ` ${t('pay.payroll.reexportHint')}` : ''}
              </Text>
              {state.data.employees === 0 ? (
                <Text color="fg.muted">{t('pay.payroll.empty')}</Text>
              ) : problems.length ? (
                <Notice
                  status="warning"
                  data-testid="payroll-problems"
                  title={t('pay.payroll.blocked')}
                  description={
                    <>
                      <Stack gap="0" as="ul" ps="4">
                        {problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
                          <li key={i}>{problemText(p, t)}</li>
                        ))}
                      </Stack>
                      {problems.length > PROBLEMS_SHOWN ? <Text>{t('pay.payroll.moreProblems', { count: problems.length - PROBLEMS_SHOWN })}</Text> : null}
                    </>
                  }
                />
              ) : (
                <Text color="fg.success">{t('pay.payroll.ready')}</Text>
              )}
              {ability.can('create', 'payroll_exports') ? (
                <HStack gap="2" wrap="wrap">
                  <Button
                    colorPalette="brand"
                    size="sm"
                    disabled={problems.length > 0 || state.data.employees === 0}
                    loading={busy === 'paxml'}
                    onClick={() => void start('paxml')}
                  >
                    {t('pay.payroll.exportPaxml')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={problems.length > 0 || state.data.employees === 0}
                    loading={busy === 'csv'}
                    onClick={() => void start('csv')}
                  >
                    {t('pay.payroll.exportCsv')}
                  </Button>
                </HStack>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <ExportList kind="payroll" system={system} onFinished={() => void queryClient.invalidateQueries({ queryKey: payKeys.payroll.all })} />
    </Stack>
  )
}

function problemText(p: PayrollProblem, t: (key: string, params?: Record<string, unknown>) => string) {
  switch (p.kind) {
    case 'unmapped':
      return t('pay.payroll.problems.unmapped', { item: t(`pay.items.${p.item}`) })
    case 'codeNotPaxml':
      return t('pay.payroll.problems.codeNotPaxml', { item: t(`pay.items.${p.item}`), code: p.code })
    case 'invalidReport':
      return t('pay.payroll.problems.invalidReport', { name: p.name, date: p.date })
    default:
      return t(`pay.payroll.problems.${p.kind}`, { name: p.name })
  }
}
