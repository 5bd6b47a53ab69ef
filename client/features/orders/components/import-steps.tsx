import { Field, Input, Progress, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react'
import type { Dispatch, SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_FIELDS, type OrderMapping } from '../../../../shared/rules/orders'
import type { OrderImportState, OrderImportSummary, OrderPreviewAnswer, OrderUploadAnswer } from '../../../../shared/schemas/orders'
import { Choices } from '../../../components/ui/choices'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Notice } from '../../../components/ui/notice'
import { RecordTable } from '../../../components/ui/record-table'

type Errors = Record<string, string>

/** The order import's first step: the provider and the file. */
export function ChooseStep(props: {
  providerId: string | undefined
  onProvider: (id: string | undefined) => void
  onFile: (file: File | null) => void
  errors: Errors
}) {
  const { t } = useTranslation()
  const { errors } = props
  return (
    <>
      <Field.Root invalid={!!errors.providerId} required>
        <Field.Label>
          {t('orderManagement.columns.provider')}
          <Field.RequiredIndicator />
        </Field.Label>
        <LookupNativeSelect
          kind="providers"
          label={t('orderManagement.columns.provider')}
          emptyLabel={t('orderManagement.import.chooseProvider')}
          value={props.providerId}
          onChange={props.onProvider}
        />
        {errors.providerId ? <Field.ErrorText>{errors.providerId}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={!!errors.file} required>
        <Field.Label>
          {t('orderManagement.import.file')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input type="file" accept=".csv,.xlsx,text/csv" p="1" onChange={(e) => props.onFile(e.currentTarget.files?.[0] ?? null)} />
        {errors.file ? <Field.ErrorText>{errors.file}</Field.ErrorText> : <Field.HelperText>{t('orderManagement.import.fileHelp')}</Field.HelperText>}
      </Field.Root>
    </>
  )
}

/** Which column holds which field (the provider's remembered mapping, or a guess), over a sample of the file. */
export function MapStep(props: { upload: OrderUploadAnswer; mapping: OrderMapping; onMapping: Dispatch<SetStateAction<OrderMapping>>; errors: Errors }) {
  const { t } = useTranslation()
  const { upload, mapping, errors } = props
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {t(upload.mappingRemembered ? 'orderManagement.import.remembered' : 'orderManagement.import.guessed', {
          file: upload.fileName,
          count: upload.rowCount,
        })}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {ORDER_FIELDS.map((field) => (
          <Field.Root key={field} invalid={!!errors[`mapping.${field}`]}>
            <Field.Label>{t(`orderManagement.fields.${field}`)}</Field.Label>
            <Choices
              size="sm"
              aria-label={t(`orderManagement.fields.${field}`)}
              value={mapping[field] ?? ''}
              onChange={(e) => props.onMapping((m) => ({ ...m, [field]: e.currentTarget.value || null }))}
              empty={t('orderManagement.import.noColumn')}
              options={upload.headers.map((h) => ({ value: h, label: h }))}
            />
            {errors[`mapping.${field}`] ? <Field.ErrorText>{errors[`mapping.${field}`]}</Field.ErrorText> : null}
          </Field.Root>
        ))}
      </SimpleGrid>
      {errors.mapping ? <Notice status="error" title={errors.mapping} /> : null}
      <RecordTable<{ i: number; row: (typeof upload.sample)[number] }>
        label={t('orderManagement.import.sample')}
        rows={upload.sample.map((row, i) => ({ i, row }))}
        rowKey={(x) => String(x.i)}
        columns={upload.headers.map((h) => ({ header: h, cell: (x) => x.row[h] }))}
      />
    </>
  )
}

/** What the import would do, row by row, before anything is written. */
export function PreviewStep({ preview }: { preview: OrderPreviewAnswer }) {
  const { t } = useTranslation()
  return (
    <>
      <SummaryFigures summary={preview.summary} />
      {preview.summary.invalid > 0 ? (
        <Notice
          status="warning"
          title={t('orderManagement.import.invalidRows', { count: preview.summary.invalid })}
          description={t('orderManagement.import.invalidReport')}
        />
      ) : null}
      <RecordTable
        label={t('orderManagement.import.rows')}
        testId="preview-rows"
        rows={preview.rows}
        rowKey={(r) => String(r.row)}
        columns={[
          { header: t('orderManagement.import.row'), cell: (r) => r.row },
          { header: t('orderManagement.fields.externalOrderNumber'), cell: (r) => r.externalOrderNumber ?? '–' },
          { header: t('orderManagement.fields.customerName'), cell: (r) => r.customerName ?? '–' },
          { header: t('orderManagement.fields.orderDate'), cell: (r) => r.orderDate ?? '–' },
          {
            header: t('orderManagement.import.result'),
            cell: (r) =>
              Object.keys(r.errors).length ? (
                <Text as="span" color="fg.error">
                  {Object.values(r.errors).join('; ')}
                </Text>
              ) : r.match ? (
                t(`orderManagement.matchedBy.${r.match}`)
              ) : (
                t('orderManagement.unmatched')
              ),
          },
        ]}
      />
    </>
  )
}

/** The running import's progress, then its result. */
export function RunStep({ state }: { state: OrderImportState | undefined }) {
  const { t } = useTranslation()
  return state?.status === 'done' && state.summary ? (
    <Stack gap="3" data-testid="import-result">
      <Notice status="success" title={t('orderManagement.import.done', { file: state.fileName })} />
      <SummaryFigures summary={state.summary} />
    </Stack>
  ) : state?.status === 'failed' ? (
    <Notice status="error" title={t('orderManagement.import.failed')} />
  ) : (
    <Progress.Root
      value={state?.progress?.total ? (100 * state.progress.done) / state.progress.total : null}
      colorPalette="brand"
      aria-label={t('orderManagement.import.running')}
    >
      <Progress.Label>{t('orderManagement.import.running')}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText>
        {state?.progress ? t('orderManagement.import.progress', { done: state.progress.done, total: state.progress.total }) : ''}
      </Progress.ValueText>
    </Progress.Root>
  )
}

/** What an import did or would do, as figures. */
function SummaryFigures({ summary }: { summary: OrderImportSummary }) {
  const { t } = useTranslation()
  const figures: Array<[string, number]> = [
    ['rows', summary.rows],
    ['created', summary.created],
    ['updated', summary.updated],
    ['matchedByOrderNumber', summary.matchedByOrderNumber],
    ['matchedByCustomer', summary.matchedByCustomer],
    ['unmatched', summary.unmatched],
    ['invalid', summary.invalid],
    ...(summary.flagged !== undefined ? ([['flagged', summary.flagged]] as Array<[string, number]>) : []),
  ]
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="import-summary">
      {figures.map(([key, n]) => (
        <Stat.Root key={key} borderWidth="1px" borderRadius="md" p="2">
          <Stat.Label>{t(`orderManagement.summary.${key}`)}</Stat.Label>
          <Stat.ValueText>{n}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  )
}
