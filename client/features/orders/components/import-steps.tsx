import { Box, Field, Input, Progress, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react'
import type { Dispatch, SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_FIELDS, type OrderMapping } from '../../../../shared/rules/orders'
import type { OrderImportState, OrderImportSummary, OrderPreviewAnswer, OrderUploadAnswer } from '../../../../shared/schemas/orders'
import { Choices } from '../../../components/ui/choices'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Notice } from '../../../components/ui/notice'

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
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={t('orderManagement.import.sample')}>
          <Table.Header>
            <Table.Row>
              {upload.headers.map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {upload.sample.map((row, i) => (
              <Table.Row key={i}>
                {upload.headers.map((h) => (
                  <Table.Cell key={h}>{row[h]}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
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
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={t('orderManagement.import.rows')} data-testid="preview-rows">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('orderManagement.import.row')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orderManagement.fields.externalOrderNumber')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orderManagement.fields.customerName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orderManagement.fields.orderDate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orderManagement.import.result')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.rows.map((r) => (
              <Table.Row key={r.row}>
                <Table.Cell>{r.row}</Table.Cell>
                <Table.Cell>{r.externalOrderNumber ?? '–'}</Table.Cell>
                <Table.Cell>{r.customerName ?? '–'}</Table.Cell>
                <Table.Cell>{r.orderDate ?? '–'}</Table.Cell>
                <Table.Cell color={Object.keys(r.errors).length ? 'fg.error' : undefined}>
                  {Object.keys(r.errors).length
                    ? Object.values(r.errors).join('; ')
                    : r.match
                      ? t(`orderManagement.matchedBy.${r.match}`)
                      : t('orderManagement.unmatched')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
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
