import { Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, type FormatLanguage } from '../../../../shared/format'
import { AUDIO_MAX_BYTES } from '../../../../shared/schemas/files'
import type { TranscriptionDetail } from '../../../../shared/schemas/transcriptions'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import type { LookupKind } from '../../../components/ui/lookup/lookup-api'
import { messagesByField } from '../../../lib/api-client'
import { addCall, proposedProvider, setTranscriptText } from '../api/transcriptions-api'
import { transcriptionsKeys } from '../api/transcriptions-keys'
import { useAction } from '../../../components/ui/use-action'

/**
 * A call added by back office: the sale report it belongs to (its seller and provider follow) or the seller, the
 * provider when it is not the sale's or the seller's team's (its script is the one checked), the language, when it
 * was made, the recording and — when no speech engine writes it — its text.
 */
export function AddCallDialog({ engine, onClose, onAdded }: { engine: boolean; onClose: () => void; onAdded: (call: TranscriptionDetail) => void }) {
  const { t, i18n } = useTranslation()
  const [saleId, setSaleId] = useState('')
  const [sellerId, setSellerId] = useState<string | undefined>()
  const [providerId, setProviderId] = useState<string | undefined>()
  const [language, setLanguage] = useState('sv')
  const [callAt, setCallAt] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  // The seller's provider that day, proposed as the seller (and the time) is chosen, until back office picks one.
  const [picked, setPicked] = useState(false)
  const at = callAt ? new Date(callAt).getTime() : undefined
  const proposal = useQuery({
    queryKey: transcriptionsKeys.proposedProvider(sellerId, at),
    queryFn: ({ signal }) => proposedProvider(sellerId!, at, signal),
    enabled: !!sellerId && !saleId.trim(),
  })
  const provider = picked ? providerId : (proposal.data?.providerId ?? undefined)
  const adding = useAction(
    async () => {
      const q: Record<string, string> = { language }
      if (saleId.trim()) q.saleId = saleId.trim()
      else if (sellerId) q.sellerId = sellerId
      if (provider) q.providerId = provider
      if (callAt) q.callAt = String(new Date(callAt).getTime())
      const call = await addCall(q, file)
      return text.trim() && (!file || !engine) ? setTranscriptText(call.id, text) : call
    },
    {
      onDone: onAdded,
      onError: (err) => {
        setErrors(messagesByField(err, (e) => formErrorOf(e, t).message))
        return true
      },
    },
  )
  const busy = adding.busy
  const save = async () => {
    setErrors({})
    await adding.run()
  }
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('transcriptions.addDialog.title')}
      testId="add-call-dialog"
      size="lg"
      scroll
      footer={<DialogButtons onCancel={onClose} action={{ label: t('table.save'), loading: busy, onClick: () => void save(), testId: 'add-call-save' }} />}
    >
      <Stack gap="4">
        {errors.form ? <FormAlert message={errors.form} /> : null}
        <Text color="fg.muted">{t('transcriptions.addDialog.sellerHelp')}</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Field.Root invalid={!!errors.saleId}>
            <Field.Label>{t('transcriptions.addDialog.saleId')}</Field.Label>
            <Input value={saleId} onChange={(e) => setSaleId(e.target.value)} maxLength={36} data-testid="add-call-sale" />
            <Field.ErrorText>{errors.saleId}</Field.ErrorText>
          </Field.Root>
          <LookupField kind="users" label={t('transcriptions.addDialog.seller')} value={sellerId} onChange={setSellerId} error={errors.sellerId} />
          <LookupField
            kind="providers"
            label={t('transcriptions.addDialog.provider')}
            value={provider}
            onChange={(id) => {
              setPicked(true)
              setProviderId(id)
            }}
            error={errors.providerId}
            placeholder={t('transcriptions.addDialog.providerDefault')}
            helper={!picked && proposal.data?.basis ? t(`transcriptions.addDialog.proposed.${proposal.data.basis}`) : undefined}
            testId="add-call-provider"
          />
          <Field.Root>
            <Field.Label>{t('transcriptions.addDialog.language')}</Field.Label>
            <Choices
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              options={(['sv', 'fi', 'en'] as const).map((l) => ({ value: l, label: t(`transcriptions.languages.${l}`) }))}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('transcriptions.addDialog.callAt')}</Field.Label>
            <Input type="datetime-local" value={callAt} onChange={(e) => setCallAt(e.target.value)} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.file}>
          <Field.Label>{t('transcriptions.addDialog.recording', { max: formatBytes(AUDIO_MAX_BYTES, i18n.language as FormatLanguage) })}</Field.Label>
          <FilePicker accept="audio/*,.mp3,.wav,.m4a,.ogg,.opus,.webm,.flac" fileName={file?.name ?? null} onChange={setFile} testId="add-call-file" />
          <Field.ErrorText>{errors.file}</Field.ErrorText>
        </Field.Root>
        {!engine || !file ? (
          <Field.Root invalid={!!errors.text}>
            <Field.Label>{t('transcriptions.addDialog.text')}</Field.Label>
            <Textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} data-testid="add-call-text" />
            <Field.HelperText>{t('transcriptions.detail.textHelp')}</Field.HelperText>
            <Field.ErrorText>{errors.text}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </Stack>
    </AppDialog>
  )
}

/** A person or a provider chosen by typing, with its label and its error. */
function LookupField(props: {
  kind: LookupKind
  label: string
  value: string | undefined
  onChange: (id: string | undefined) => void
  error?: string
  placeholder?: string
  helper?: string
  testId?: string
}) {
  return (
    <Field.Root invalid={!!props.error} data-testid={props.testId}>
      <Field.Label>{props.label}</Field.Label>
      <LookupCombobox
        kind={props.kind}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        emptyLabel=""
        placeholder={props.placeholder ?? ''}
        inDialog
      />
      {props.helper ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  )
}
