import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { ABSENCE_TYPES } from '../../../../shared/rules/time-report'
import { businessMonth } from '../../../../shared/rules/work'
import type { TimeReportInput } from '../../../../shared/schemas/time-reports'
import { FormField } from '../../../components/ui/form-field'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError } from '../../../lib/device-actions'
import { saveTimeReportLocally } from '../api/local-actions'
import { useOutboxEntry, useSellerStore, useToday } from '../../../lib/device-store'
import { useMonthAttested, useTimeReportOn, useTimeReportsOfMonth } from '../api/seller-store'
import { SyncBadge } from '../../../components/ui/sync-badge'
import { formToTimeReport, newTimeReportForm, timeReportToForm, type TimeReportFormValues } from '../model/time-report-form'
import { TextField, FormActions } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { ChildTableCard } from '../../../components/ui/detail-kit'

type FormValues = TimeReportFormValues

const HOURS = ['0', '2', '4', '6', '8']

/** A seller's own time report for a day: hours, absence, allowance (spec sections 3 and 5). Works offline. */
export default function TimeReportPage() {
  const { t } = useTranslation()
  const { db, userId, engine } = useSellerStore()
  const { today } = useToday()
  const [params] = useSearchParams()
  const fixSeq = params.get('fix') ? Number(params.get('fix')) : undefined
  const form = useForm<FormValues>({ defaultValues: newTimeReportForm(params.get('date') ?? today) })
  const date = useWatch({ control: form.control, name: 'date' })
  const existing = useTimeReportOn(db, date || null)
  const fixing = useOutboxEntry(db, fixSeq)
  const month = useTimeReportsOfMonth(db, businessMonth(date || today))
  const locked = useMonthAttested(db, businessMonth(date || today))
  const [formError, setFormError] = useState<string | null>(null)

  // The day's saved report fills the form, so saving again changes it.
  useEffect(() => {
    const source = fixing?.name === 'saveTimeReport' ? (fixing.args as TimeReportInput) : existing
    if (!source) return
    form.reset(timeReportToForm(source))
    for (const [field, messages] of Object.entries(fixing?.rejection?.fieldErrors ?? {})) {
      form.setError(field as keyof FormValues, { type: 'server', message: messages[0] })
    }
  }, [existing, fixing, form])

  const submit = form.handleSubmit(async (v) => {
    setFormError(null)
    try {
      await saveTimeReportLocally(db, userId, formToTimeReport(v, existing?.id ?? crypto.randomUUID()), t, {
        replacesSeq: fixing?.state === 'rejected' ? fixing.seq : undefined,
      })
      engine.afterLocalWrite()
      snackbar.success(t('timeReport.saved'))
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      for (const [field, messages] of Object.entries(e.fieldErrors)) {
        if (field in form.getValues()) form.setError(field as keyof FormValues, { type: 'server', message: messages[0] })
        else setFormError(messages[0] ?? null)
      }
    }
  })
  const fe = form.formState.errors
  const select = (name: keyof FormValues, options: Array<[string, string]>, testId?: string) => (
    <Choices {...form.register(name)} data-testid={testId} options={options.map(([value, label]) => ({ value, label }))} />
  )

  return (
    <Page title={t('routes.sales-time-report')} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      <Card.Root maxW="3xl">
        <Card.Body>
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              {existing ? (
                <HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t('timeReport.editing', { date: existing.date })}
                  </Text>
                  <SyncBadge sync={existing.sync} />
                </HStack>
              ) : null}
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField form={form} name="date" label={t('timeReport.date')} type="date" required />
                <FormField label={t('timeReport.present')} error={fe.present} required>
                  {select(
                    'present',
                    [
                      ['', t('timeReport.choose')],
                      ['yes', t('timeReport.presentYes')],
                      ['no', t('timeReport.presentNo')],
                    ],
                    'present',
                  )}
                </FormField>
                <FormField label={t('timeReport.workHours')} error={fe.workHours}>
                  {select(
                    'workHours',
                    HOURS.map((h) => [h, t('timeReport.hours', { hours: h })]),
                    'work-hours',
                  )}
                </FormField>
                <FormField label={t('timeReport.absenceHours')} error={fe.absenceHours}>
                  {select(
                    'absenceHours',
                    HOURS.map((h) => [h, t('timeReport.hours', { hours: h })]),
                    'absence-hours',
                  )}
                </FormField>
                <FormField label={t('timeReport.absenceType')} error={fe.absenceType}>
                  {select(
                    'absenceType',
                    [['', t('timeReport.noAbsence')], ...ABSENCE_TYPES.map((a): [string, string] => [a, t(`timeReport.absenceTypes.${a}`)])],
                    'absence-type',
                  )}
                </FormField>
                <FormField label={t('timeReport.allowanceType')} error={fe.allowanceType} required helper={t('timeReport.allowanceHelper')}>
                  {select('allowanceType', [
                    ['', t('timeReport.choose')],
                    ['0', t('timeReport.allowance.0')],
                    ['1', t('timeReport.allowance.1')],
                    ['2', t('timeReport.allowance.2')],
                  ])}
                </FormField>
                <TextField form={form} name="travelLocation" label={t('timeReport.travelLocation')} />
                <TextField form={form} name="comment" label={t('timeReport.comment')} />
              </SimpleGrid>
              {locked ? (
                <Notice status="info" data-testid="month-locked" description={t('timeReport.locked', { month: businessMonth(date || today) })} />
              ) : null}
              <FormActions error={formError}>
                <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={!!locked}>
                  {t('timeReport.save')}
                </Button>
              </FormActions>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <MonthReports reports={month} />
    </Page>
  )
}

/** The month's reports on this phone, each with its hours, absence and whether it has reached the server. */
function MonthReports({ reports }: { reports: ReturnType<typeof useTimeReportsOfMonth> }) {
  const { t, lang } = useLanguage()
  return (
    <Box maxW="3xl">
      <ChildTableCard
        title={t('timeReport.thisMonth')}
        count={false}
        rows={reports ?? []}
        rowKey={(r) => r.id}
        empty={t('timeReport.none')}
        columns={[
          { header: t('timeReport.date'), cell: (r) => formatDate(r.date, lang) },
          { header: t('timeReport.workHours'), cell: (r) => `${r.workHours} h` },
          {
            header: t('timeReport.absence'),
            cell: (r) => (r.absenceHours > 0 ? `${r.absenceHours} h ${r.absenceType ? t(`timeReport.absenceTypes.${r.absenceType}`) : ''}` : '–'),
          },
          { header: '', cell: (r) => <SyncBadge sync={r.sync} /> },
        ]}
      />
    </Box>
  )
}
