import { Button, Card, HStack, SimpleGrid, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ABSENCE_TYPES } from '../../../../shared/rules/time-report'
import { businessMonth, monthRange, previousMonth } from '../../../../shared/rules/work'
import { absenceExportRequestSchema } from '../../../../shared/schemas/pay'
import { FormField } from '../../../components/ui/form-field'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { LookupCombobox, LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { requestAbsenceExport } from '../api/pay-api'
import { ExportList } from '../components/export-list'
import { FormAlert } from '../../../components/ui/form-alert'
import { useSchemaForm, TextField } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { useRefreshPayExports } from '../api/pay-queries'

type FormIn = z.input<typeof absenceExportRequestSchema>

/**
 * /backoffice/absenceexport: absence per person and type for a period and filters, as CSV (opens in Excel as it is)
 * or XLSX. The export runs in the background with its progress; its file waits here for the user to come back.
 */
export default function AbsenceExportPage() {
  const { t } = useTranslation()
  const refreshPayExports = useRefreshPayExports()
  const [error, setError] = useState<string | null>(null)
  const [defaults] = useState(() => {
    // The last whole month: what payroll asks for most.
    const { from, to } = monthRange(previousMonth(businessMonth(Date.now())))
    return { from, to, format: 'xlsx' as const }
  })
  const form = useSchemaForm(absenceExportRequestSchema, { defaultValues: defaults })
  const { errors, isSubmitting } = form.formState
  const officeId = useWatch({ control: form.control, name: 'officeId' })
  const teamId = useWatch({ control: form.control, name: 'teamId' })
  const absenceType = useWatch({ control: form.control, name: 'absenceType' })
  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await requestAbsenceExport(values)
      snackbar.success(t('pay.absenceExport.started'))
      void refreshPayExports('absence')
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, ['from', 'to', 'format', 'absenceType', 'officeId', 'teamId', 'userId'] as const))
        setError(formErrorOf(err, t).message)
    }
  })
  return (
    <Page title={t('routes.backoffice-absenceexport')} subtitle={t('pay.absenceExport.intro')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Stack gap="4">
        <Card.Root>
          <Card.Body>
            <form onSubmit={submit} noValidate data-testid="absence-export-form">
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
                  <TextField form={form} name="from" label={t('pay.absenceExport.from')} type="date" required />
                  <TextField form={form} name="to" label={t('pay.absenceExport.to')} type="date" required />
                  <FormField label={t('pay.absenceExport.format')} error={errors.format}>
                    <Choices
                      {...form.register('format')}
                      options={[
                        { value: 'xlsx', label: 'XLSX (Excel)' },
                        { value: 'csv', label: 'CSV' },
                      ]}
                    />
                  </FormField>
                  <FormField label={t('pay.absenceExport.type')} error={errors.absenceType}>
                    <Choices
                      value={absenceType ?? ''}
                      onChange={(e) => form.setValue('absenceType', (e.currentTarget.value || undefined) as FormIn['absenceType'])}
                      empty={t('pay.absenceExport.allTypes')}
                      options={ABSENCE_TYPES.map((a) => ({ value: a, label: t(`pay.items.absence.${a}`) }))}
                    />
                  </FormField>
                  <FormField label={t('pay.office')}>
                    <LookupNativeSelect
                      kind="offices"
                      within="sicknotices"
                      label={t('pay.office')}
                      value={officeId}
                      onChange={(id) => {
                        form.setValue('officeId', id)
                        form.setValue('teamId', undefined)
                      }}
                    />
                  </FormField>
                  <FormField label={t('pay.team')}>
                    <LookupNativeSelect kind="teams" label={t('pay.team')} value={teamId} parentId={officeId} onChange={(id) => form.setValue('teamId', id)} />
                  </FormField>
                  <FormField label={t('pay.seller')}>
                    <Controller
                      control={form.control}
                      name="userId"
                      render={({ field }) => (
                        <LookupCombobox kind="users" label={t('pay.seller')} value={field.value} parentId={teamId} onChange={field.onChange} />
                      )}
                    />
                  </FormField>
                </SimpleGrid>
                {error ? <FormAlert message={error} /> : null}
                <HStack>
                  <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                    {t('pay.absenceExport.start')}
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
        <ExportList kind="absence" system="" />
      </Stack>
    </Page>
  )
}
