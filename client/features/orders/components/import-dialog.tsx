import { Button, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type OrderMapping } from '../../../../shared/rules/orders'
import type { OrderPreviewAnswer, OrderUploadAnswer } from '../../../../shared/schemas/orders'
import { errorText, messagesByField } from '../../../lib/api-client'
import { previewImport, runImport, uploadOrderFile } from '../api/orders-api'
import { AppDialog } from '../../../components/ui/app-dialog'
import { ChooseStep, MapStep, PreviewStep, RunStep } from './import-steps'
import { Notice } from '../../../components/ui/notice'
import { useAction } from '../../../components/ui/use-action'
import { useImportState } from '../api/orders-queries'

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

  const fail = (err: unknown) => {
    setErrors(messagesByField(err, (e) => errorText(e, t)))
  }
  const importing = useAction((work: () => Promise<void>) => work(), {
    onError: (err) => {
      fail(err)
      return true
    },
  })
  const busy = importing.busy
  const guarded = async (work: () => Promise<void>) => {
    setErrors({})
    await importing.run(work)
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

  const state = useImportState(step.kind === 'run' ? step.id : null, true)
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
        {step.kind === 'choose' ? <ChooseStep providerId={providerId} onProvider={setProviderId} onFile={setFile} errors={errors} /> : null}

        {step.kind === 'map' ? <MapStep upload={step.upload} mapping={mapping} onMapping={setMapping} errors={errors} /> : null}

        {step.kind === 'preview' ? <PreviewStep preview={step.preview} /> : null}

        {step.kind === 'run' ? <RunStep state={state.data} /> : null}

        {errors.form || (step.kind !== 'choose' && errors.file) ? <Notice status="error" title={errors.form ?? errors.file} /> : null}
      </Stack>
    </AppDialog>
  )
}
