import type { TFunction } from 'i18next'
import { Box, Button, Card, HStack, Stack, Stat, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice, type FormatLanguage } from '../../../../shared/format'
import type { PayrollMonthState, PayrollPerson, PayrollProblem, PayrollTotals } from '../../../../shared/schemas/pay'
import { confirm } from '../../../lib/confirm-store'
import { useLanguage } from '../../../lib/use-language'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { ApiClientError } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { requestPayroll } from '../api/pay-api'
import { ExportList } from './export-list'
import { MonthField } from '../../../components/ui/month-field'
import { LoadError } from '../../../components/ui/load-error'
import { Notice } from '../../../components/ui/notice'
import { usePaycodes, usePayrollMonth, useRefreshPayExports, useRefreshPayPayroll } from '../api/pay-queries'
import { useAction } from '../../../components/ui/use-action'

const PROBLEMS_SHOWN = 20

/** The attested-only export, asked once more with who it leaves out: their pay waits for the next export. */
const confirmAttestedOnly = (m: PayrollMonthState, format: 'paxml' | 'csv', t: TFunction, lang: FormatLanguage) =>
  confirm({
    title: t('pay.payroll.attestedOnlyTitle', { month: m.month }),
    text: t('pay.payroll.attestedOnlyText', {
      attested: m.attested,
      employees: m.employees,
      count: m.unattestedCount,
      names: m.unattested
        .slice(0, 10)
        .map((p) => p.name)
        .join(', '),
      more: m.unattestedCount > 10 ? ` ${t('pay.payroll.moreProblems', { count: m.unattestedCount - 10 })}` : '',
      totals: totalsText(m.attestedTotals, t, lang),
      format: format === 'paxml' ? 'PAXml' : 'CSV',
    }),
    confirmLabel: t('pay.payroll.attestedOnlyConfirm', { count: m.attested }),
    cancelLabel: t('table.cancel'),
  })

/**
 * The payroll export of a month: who it covers, how many are attested, what must be fixed first (each problem
 * named), the last export, and the export itself (PAXml 2.0 or CSV) as a job whose file stays here.
 */
export function PayrollPanel({ month, onMonth }: { month: string; onMonth: (m: string) => void }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshPayExports = useRefreshPayExports()
  const refreshPayPayroll = useRefreshPayPayroll()
  const [pressed, setPressed] = useState<'paxml' | 'csv' | 'attested' | null>(null)
  const state = usePayrollMonth(month)
  const codes = usePaycodes()
  const system = codes.data?.system ?? t('pay.payrollSystem')
  const problems = state.data?.problems ?? []
  // Who is not attested is said once, with what they have, below; the rest is what must be fixed.
  const otherProblems = problems.filter((p) => p.kind !== 'notAttested')
  // A payroll file asked for: the month as it is, or the attested only (asked once more). Refused, the month changed
  // since it was read: what must be fixed now, and who is left out now, are read again.
  const requesting = useAction(
    (format: 'paxml' | 'csv', only?: PayrollMonthState) => requestPayroll(month, format, only ? { leftOut: only.unattested.map((p) => p.userId) } : undefined),
    {
      onDone: () => void refreshPayExports('payroll'),
      onError: (err) => {
        if (err instanceof ApiClientError && (err.body?.error === 'export_refused' || err.body?.error === 'left_out_changed')) void state.refetch()
        snackbar.error(formErrorOf(err, t).message)
        return true
      },
    },
  )
  const busy = requesting.busy ? pressed : null
  const start = async (format: 'paxml' | 'csv', only?: PayrollMonthState) => {
    if (only && !(await confirmAttestedOnly(only, format, t, lang))) return
    setPressed(only ? 'attested' : format)
    await requesting.run(format, only)
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
                  <Stat.ValueText data-testid="payroll-attested">{state.data.attested}</Stat.ValueText>
                </Stat.Root>
              </HStack>
              <Text fontSize="sm" data-testid="payroll-totals">
                {t('pay.payroll.monthTotals', { figures: totalsText(state.data.totals, t, lang) })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {state.data.lastExport
                  ? t('pay.payroll.lastExport', { date: state.data.lastExport.at, name: state.data.lastExport.by })
                  : t('pay.payroll.neverExported')}
                {state.data.lastExport ? ` ${t('pay.payroll.reexportHint')}` : ''}
              </Text>
              {state.data.employees === 0 ? (
                <Text color="fg.muted">{t('pay.payroll.empty')}</Text>
              ) : problems.length ? (
                <>
                  {otherProblems.length ? (
                    <Notice
                      status="warning"
                      data-testid="payroll-problems"
                      title={t('pay.payroll.blocked')}
                      description={
                        <>
                          <Stack gap="0" as="ul" ps="4">
                            {otherProblems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
                              <li key={i}>{problemText(p, t)}</li>
                            ))}
                          </Stack>
                          {otherProblems.length > PROBLEMS_SHOWN ? (
                            <Text>{t('pay.payroll.moreProblems', { count: otherProblems.length - PROBLEMS_SHOWN })}</Text>
                          ) : null}
                        </>
                      }
                    />
                  ) : null}
                  {state.data.unattestedCount ? <Unattested state={state.data} lang={lang} /> : null}
                </>
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
                  {/* The attested people only: a deliberate choice, offered when nothing else stops it. */}
                  {state.data.unattestedCount > 0 && state.data.attested > 0 && state.data.attestedProblems.length === 0 ? (
                    <Button variant="outline" size="sm" loading={busy === 'attested'} onClick={() => void start('paxml', state.data)}>
                      {t('pay.payroll.exportAttested', { count: state.data.attested })}
                    </Button>
                  ) : null}
                </HStack>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <ExportList kind="payroll" system={system} onFinished={() => void refreshPayPayroll()} />
    </Stack>
  )
}

/** The month's figures as the file holds them: hours, absence, per diem days, commission and extra income. */
function totalsText(x: PayrollTotals, t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage) {
  return t('pay.payroll.figures', {
    hours: x.hours,
    absence: x.absenceHours,
    allowance: x.allowanceDays,
    commission: formatPrice(x.commissionOre, lang),
    extra: formatPrice(x.extraIncomeOre, lang),
  })
}

/** What an unattested person has in the month: the reason they would be left out, with what is at stake. */
function personText(p: PayrollPerson, t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage) {
  const parts = [
    p.hours ? t('pay.hoursShort', { hours: p.hours }) : null,
    p.absenceHours ? t('pay.payroll.person.absence', { hours: p.absenceHours }) : null,
    p.commissionOre ? t('pay.payroll.person.commission', { amount: formatPrice(p.commissionOre, lang) }) : null,
    p.extraIncomeOre ? t('pay.payroll.person.extra', { amount: formatPrice(p.extraIncomeOre, lang) }) : null,
  ].filter(Boolean)
  return `${p.name}: ${parts.join(' · ') || t('pay.payroll.person.nothing')}`
}

/** Everyone payable whose month nobody has attested: named, with what they have; attest them on the attestation tab. */
function Unattested({ state, lang }: { state: PayrollMonthState; lang: FormatLanguage }) {
  const { t } = useTranslation()
  return (
    <Notice
      status="warning"
      data-testid="payroll-unattested"
      title={t('pay.payroll.unattestedTitle', { count: state.unattestedCount })}
      description={
        <Stack gap="1">
          <Text>{t('pay.payroll.unattestedText')}</Text>
          <Box as="ul" ps="4">
            {state.unattested.slice(0, PROBLEMS_SHOWN).map((p) => (
              <li key={p.userId}>{personText(p, t, lang)}</li>
            ))}
          </Box>
          {state.unattestedCount > PROBLEMS_SHOWN ? <Text>{t('pay.payroll.moreProblems', { count: state.unattestedCount - PROBLEMS_SHOWN })}</Text> : null}
        </Stack>
      }
    />
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
