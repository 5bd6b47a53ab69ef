import { Alert, Box, Button, Field, Input, Progress, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_FIELDS, type OrderMapping } from '../../../../shared/rules/orders'
import type { OrderImportSummary, OrderPreviewAnswer, OrderUploadAnswer } from '../../../../shared/schemas/orders'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { importState, previewImport, runImport, uploadOrderFile } from '../api/orders-api'
import { ordersKeys } from '../api/orders-keys'
import { AppDialog } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'

type Step =
  | { kind: 'choose' }
  | { kind: 'map'; upload: OrderUploadAnswer }
  | { kind: 'preview'; upload: OrderUploadAnswer; preview: OrderPreviewAnswer }
  | { kind: 'run'; id: string }

/**
 * Importing a provider's order file (docs/decisions/026), in steps: choose the provider and the file; check which
 * column holds which field (the provider's remembered mapping, or a guess); preview what the import would do, with
 * every row's problems, before anything is written; run it and follow its progress to the result.
 */
export function ImportDialog(props: { open: boolean; onClose: () => void; onImported: (importId: string) => void }) {
  const { t } = useTranslation()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [providerId, setProviderId] = useState<string | undefined>()
  const [file, setFile] = useState<File | null>(null)
  const [mapping, setMapping] = useState<OrderMapping>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const fail = (err: unknown) => {
    const fieldErrors = err instanceof ApiClientError ? err.body?.fieldErrors : undefined
    if (fieldErrors) setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? ''])))
    else setErrors({ form: errorText(err, t) })
  }
  const guarded = async (work: () => Promise<void>) => {
    setBusy(true)
    setErrors({})
    try {
      await work()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  const upload = () =>
    guarded(async () => {
      const problems: Record<string, string> = {}
      if (!providerId) problems.providerId = t('validation.orders.provider')
      if (!file) problems.file = t('orderManagement.import.chooseFile')
      if (Object.keys(problems).length) {
        setErrors(problems)
        return
      }
      const answer = await uploadOrderFile(providerId!, file!)
      setMapping(answer.mapping)
      setStep({ kind: 'map', upload: answer })
    })
  const preview = (upload: OrderUploadAnswer) =>
    guarded(async () => {
      setStep({ kind: 'preview', upload, preview: await previewImport(upload.id, mapping) })
    })
  const run = (upload: OrderUploadAnswer) =>
    guarded(async () => {
      await runImport(upload.id, mapping)
      setStep({ kind: 'run', id: upload.id })
    })

  const state = useQuery({
    queryKey: ordersKeys.import(step.kind === 'run' ? step.id : null),
    queryFn: ({ signal }) => importState((step as { id: string }).id, signal),
    enabled: step.kind === 'run',
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 500),
  })
  const finished = state.data?.status === 'done' || state.data?.status === 'failed'

  return (
    <AppDialog
      open={props.open}
      onClose={props.onClose}
      title={t(`orderManagement.import.title.${step.kind}`)}
      testId="import-dialog"
      size="xl"
      scroll
      footer={
        <>
          {step.kind === 'run' ? (
            <Button colorPalette="brand" disabled={!finished} onClick={() => (state.data?.status === 'done' ? props.onImported(step.id) : props.onClose())}>
              {t('orderManagement.import.showOrders')}
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={props.onClose}>
                {t('orderManagement.import.cancel')}
              </Button>
              {step.kind === 'preview' ? (
                <Button variant="outline" onClick={() => setStep({ kind: 'map', upload: step.upload })}>
                  {t('orderManagement.import.back')}
                </Button>
              ) : null}
              <Button
                colorPalette="brand"
                loading={busy}
                onClick={() => void (step.kind === 'choose' ? upload() : step.kind === 'map' ? preview(step.upload) : run(step.upload))}
              >
                {step.kind === 'choose'
                  ? t('orderManagement.import.upload')
                  : step.kind === 'map'
                    ? t('orderManagement.import.preview')
                    : t('orderManagement.import.run', { count: step.preview.summary.rows - step.preview.summary.invalid })}
              </Button>
            </>
          )}
        </>
      }
    >
      <Stack gap="4">
        {step.kind === 'choose' ? (
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
                value={providerId}
                onChange={setProviderId}
              />
              {errors.providerId ? <Field.ErrorText>{errors.providerId}</Field.ErrorText> : null}
            </Field.Root>
            <Field.Root invalid={!!errors.file} required>
              <Field.Label>
                {t('orderManagement.import.file')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="file" accept=".csv,.xlsx,text/csv" p="1" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
              {errors.file ? <Field.ErrorText>{errors.file}</Field.ErrorText> : <Field.HelperText>{t('orderManagement.import.fileHelp')}</Field.HelperText>}
            </Field.Root>
          </>
        ) : null}

        {step.kind === 'map' ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              {t(step.upload.mappingRemembered ? 'orderManagement.import.remembered' : 'orderManagement.import.guessed', {
                file: step.upload.fileName,
                count: step.upload.rowCount,
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
                    onChange={(e) => setMapping((m) => ({ ...m, [field]: e.currentTarget.value || null }))}
                    empty={t('orderManagement.import.noColumn')}
                    options={step.upload.headers.map((h) => ({ value: h, label: h }))}
                  />
                  {errors[`mapping.${field}`] ? <Field.ErrorText>{errors[`mapping.${field}`]}</Field.ErrorText> : null}
                </Field.Root>
              ))}
            </SimpleGrid>
            {errors.mapping ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errors.mapping}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Box overflowX="auto">
              <Table.Root size="sm" aria-label={t('orderManagement.import.sample')}>
                <Table.Header>
                  <Table.Row>
                    {step.upload.headers.map((h) => (
                      <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {step.upload.sample.map((row, i) => (
                    <Table.Row key={i}>
                      {step.upload.headers.map((h) => (
                        <Table.Cell key={h}>{row[h]}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        ) : null}

        {step.kind === 'preview' ? (
          <>
            <SummaryFigures summary={step.preview.summary} />
            {step.preview.summary.invalid > 0 ? (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('orderManagement.import.invalidRows', { count: step.preview.summary.invalid })}</Alert.Title>
                  <Alert.Description>{t('orderManagement.import.invalidReport')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
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
                  {step.preview.rows.map((r) => (
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
        ) : null}

        {step.kind === 'run' ? (
          state.data?.status === 'done' && state.data.summary ? (
            <Stack gap="3" data-testid="import-result">
              <Alert.Root status="success">
                <Alert.Indicator />
                <Alert.Title>{t('orderManagement.import.done', { file: state.data.fileName })}</Alert.Title>
              </Alert.Root>
              <SummaryFigures summary={state.data.summary} />
            </Stack>
          ) : state.data?.status === 'failed' ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{t('orderManagement.import.failed')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Progress.Root
              value={state.data?.progress?.total ? (100 * state.data.progress.done) / state.data.progress.total : null}
              colorPalette="brand"
              aria-label={t('orderManagement.import.running')}
            >
              <Progress.Label>{t('orderManagement.import.running')}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText>
                {state.data?.progress ? t('orderManagement.import.progress', { done: state.data.progress.done, total: state.data.progress.total }) : ''}
              </Progress.ValueText>
            </Progress.Root>
          )
        ) : null}

        {errors.form || (step.kind !== 'choose' && errors.file) ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errors.form ?? errors.file}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>
    </AppDialog>
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
