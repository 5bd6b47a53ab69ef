import { Badge, Button, DataList, NativeSelect, SimpleGrid, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { formatDate } from '../../../../shared/format'
import { ABSENCE_TYPES } from '../../../../shared/rules/time-report'
import { pathFor } from '../../../../shared/routes'
import { correctTimeReportSchema, type TimeReportDetail } from '../../../../shared/schemas/time-reports'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { FormField } from '../../../components/ui/form-field'
import { FormDialog } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { correctTimeReport, getTimeReport } from '../api/time-reports-api'
import { timeReportsKeys } from '../api/time-reports-keys'
import { useSchemaForm, useFormDialog, TextField, TextAreaField } from '../../../components/ui/form-kit'
import { useRecord } from '../../../lib/use-record'
import { Choices } from '../../../components/ui/choices'
import { fact } from '../../../components/ui/detail-kit'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

const FIELDS = ['present', 'workHours', 'absenceHours', 'absenceType', 'allowanceType', 'travelLocation', 'comment'] as const

/**
 * /backoffice/timereports/:id: a seller's day as reported, the rules it breaks, whether its month is attested, and
 * its log; back office corrects it (the seller's rules, a reason) unless the month is attested.
 */
export default function TimeReportPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const [editing, setEditing] = useState(false)
  const { query: report, refresh } = useRecord(timeReportsKeys.detail, getTimeReport, [timeReportsKeys.all])
  const title = t('routes.backoffice-timereports-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-timereports'), to: pathFor('backoffice-timereports') }]
  const hours = (h: number) => t('pay.hoursShort', { hours: h })
  const fieldLabel = (f: string) => (Object.hasOwn(FIELD_KEYS, f) ? t(`pay.timeReports.fields.${f}`) : f)
  return (
    <DetailState query={report} title={title} breadcrumbs={crumbs} notFound={t('errors.not_found')}>
      {(r) => {
        const row = (label: string, value: React.ReactNode) => fact(label, value)
        return (
          <Page title={`${r.sellerName} · ${formatDate(r.date, lang)}`} breadcrumbs={crumbs}>
            <Wrap gap="2" align="center">
              {r.locked ? (
                <Badge colorPalette="green" variant="subtle">
                  {t('pay.timeReports.attested')}
                </Badge>
              ) : null}
              {r.violations.length ? (
                <Badge colorPalette="red" variant="subtle">
                  {t('pay.timeReports.breaksRules')}
                </Badge>
              ) : null}
              {ability.can('update', 'time_reports') && !r.locked ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {t('pay.timeReports.correct')}
                </Button>
              ) : null}
            </Wrap>
            {r.locked ? <Notice status="info" data-testid="time-report-locked" description={t('pay.timeReports.locked')} /> : null}
            {r.violations.length ? <Notice status="error" description={r.violations.map((v) => t(`validation.timeReport.${v}`)).join(' · ')} /> : null}
            <SectionCard title={t('pay.timeReports.details')}>
              <DataList.Root orientation="horizontal" size="sm" data-testid="time-report-details">
                {row(t('pay.seller'), r.sellerName)}
                {row(t('pay.team'), r.teamName)}
                {row(t('pay.office'), r.officeName)}
                {row(t('pay.timeReports.date'), formatDate(r.date, lang))}
                {row(t('pay.timeReports.present'), r.present === null ? null : r.present ? t('pay.timeReports.presentYes') : t('pay.timeReports.presentNo'))}
                {row(t('pay.timeReports.work'), hours(r.workHours))}
                {row(
                  t('pay.timeReports.absence'),
                  r.absenceHours ? `${hours(r.absenceHours)} · ${r.absenceType ? t(`pay.items.absence.${r.absenceType}`) : ''}` : null,
                )}
                {row(t('pay.timeReports.allowance'), r.allowanceType === null ? null : t(`timeReport.allowance.${r.allowanceType}`))}
                {row(t('pay.timeReports.travelLocation'), r.travelLocation)}
                {row(t('pay.timeReports.comment'), r.comment ? <Text whiteSpace="pre-wrap">{r.comment}</Text> : null)}
              </DataList.Root>
            </SectionCard>
            <SectionCard title={t('pay.timeReports.log')}>
              <ActivityLog
                lines={r.activity}
                fieldLabel={fieldLabel}
                formatValue={(f, v) =>
                  f === 'absenceType' && typeof v === 'string'
                    ? t(`pay.items.absence.${v}`)
                    : f === 'present' && typeof v === 'boolean'
                      ? t(v ? 'pay.timeReports.presentYes' : 'pay.timeReports.presentNo')
                      : undefined
                }
                testId="time-report-log"
              />
            </SectionCard>
            {editing ? (
              <CorrectionDialog
                report={r}
                onClose={() => setEditing(false)}
                onReload={refresh}
                onSaved={() => {
                  setEditing(false)
                  snackbar.success(t('pay.timeReports.corrected'))
                  refresh()
                }}
              />
            ) : null}
          </Page>
        )
      }}
    </DetailState>
  )
}

const FIELD_KEYS = {
  present: 1,
  workHours: 1,
  absenceHours: 1,
  absenceType: 1,
  allowanceType: 1,
  travelLocation: 1,
  comment: 1,
  userId: 1,
  month: 1,
  attestedAt: 1,
}

const formSchema = correctTimeReportSchema
type FormIn = z.input<typeof formSchema>

function CorrectionDialog({
  report,
  onClose,
  onSaved,
  onReload,
}: {
  report: TimeReportDetail
  onClose: () => void
  onSaved: () => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const form = useSchemaForm(formSchema, {
    defaultValues: {
      version: report.version,
      present: report.present,
      workHours: report.workHours,
      absenceHours: report.absenceHours,
      absenceType: report.absenceType,
      allowanceType: report.allowanceType,
      travelLocation: report.travelLocation ?? '',
      comment: report.comment ?? '',
      reason: '',
    },
  })
  const { errors } = form.formState
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: [...FIELDS, 'reason'],
    save: async (values) => {
      await correctTimeReport(report.id, values)
      onSaved()
    },
  })
  const hourOptions = [0, 2, 4, 6, 8]
  const present = useWatch({ control: form.control, name: 'present' })
  const absenceType = useWatch({ control: form.control, name: 'absenceType' })
  const allowanceType = useWatch({ control: form.control, name: 'allowanceType' })
  return (
    <FormDialog title={t('pay.timeReports.correctTitle', { date: report.date })} testId="time-report-dialog" {...dialog.props} size="lg">
      <FormField label={t('pay.timeReports.present')} error={errors.present as FieldError | undefined}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={present === null || present === undefined ? '' : present ? 'yes' : 'no'}
            onChange={(e) =>
              form.setValue('present', e.currentTarget.value === '' ? null : e.currentTarget.value === 'yes', { shouldValidate: form.formState.isSubmitted })
            }
          >
            <option value="">–</option>
            <option value="yes">{t('pay.timeReports.presentYes')}</option>
            <option value="no">{t('pay.timeReports.presentNo')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('pay.timeReports.fields.workHours')} error={errors.workHours}>
          <Choices
            size="sm"
            {...form.register('workHours', { valueAsNumber: true })}
            options={hourOptions.map((h) => ({ value: String(h), label: t('pay.hoursShort', { hours: h }) }))}
          />
        </FormField>
        <FormField label={t('pay.timeReports.fields.absenceHours')} error={errors.absenceHours}>
          <Choices
            size="sm"
            {...form.register('absenceHours', { valueAsNumber: true })}
            options={hourOptions.map((h) => ({ value: String(h), label: t('pay.hoursShort', { hours: h }) }))}
          />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('pay.timeReports.absenceType')} error={errors.absenceType}>
          <Choices
            size="sm"
            value={absenceType ?? ''}
            onChange={(e) =>
              form.setValue('absenceType', (e.currentTarget.value || null) as FormIn['absenceType'], { shouldValidate: form.formState.isSubmitted })
            }
            empty={t('pay.timeReports.noAbsence')}
            options={ABSENCE_TYPES.map((a) => ({ value: a, label: t(`pay.items.absence.${a}`) }))}
          />
        </FormField>
        <FormField label={t('pay.timeReports.allowance')} error={errors.allowanceType as FieldError | undefined}>
          <Choices
            size="sm"
            value={allowanceType ?? ''}
            onChange={(e) =>
              form.setValue('allowanceType', e.currentTarget.value === '' ? null : (Number(e.currentTarget.value) as 0 | 1 | 2), {
                shouldValidate: form.formState.isSubmitted,
              })
            }
            empty="–"
            options={[0, 1, 2].map((n) => ({ value: String(n), label: t(`timeReport.allowance.${n}`) }))}
          />
        </FormField>
      </SimpleGrid>
      <TextField form={form} name="travelLocation" label={t('pay.timeReports.travelLocation')} autoComplete="off" />
      <TextAreaField form={form} name="comment" label={t('pay.timeReports.comment')} rows={2} />
      <TextAreaField form={form} name="reason" label={t('pay.timeReports.reason')} rows={2} helper={t('pay.timeReports.reasonHelper')} required />
    </FormDialog>
  )
}
