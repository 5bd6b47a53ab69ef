import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TranscriptScript } from '../../../../shared/schemas/transcriptions'
import { AppDialog } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { FormAlert } from '../../../components/ui/form-alert'
import { snackbar } from '../../../lib/snackbar-store'
import { saveScript } from '../api/transcriptions-api'
import { phrasesOf } from '../model/timecode'
import { useAction } from '../../../components/ui/use-action'
import { useRefreshTranscriptions, useScripts } from '../api/transcriptions-queries'

/** One provider's script at a time: what a call must and must not contain, a phrase per line. */
function ScriptForm({ script, onSaved }: { script: TranscriptScript; onSaved: () => void }) {
  const { t } = useTranslation()
  const [must, setMust] = useState(script.must.map((p) => p.text).join('\n'))
  const [mustNot, setMustNot] = useState(script.mustNot.map((p) => p.text).join('\n'))
  const saving = useAction(saveScript, {
    onDone: () => {
      snackbar.success(t('transcriptions.scriptDialog.saved'))
      onSaved()
    },
  })
  const { busy, error } = saving
  const save = () =>
    saving.run(script.providerId, {
      must: phrasesOf(must, script.must),
      mustNot: phrasesOf(mustNot, script.mustNot),
      ...(script.version ? { version: script.version } : {}),
    })
  return (
    <Stack gap="3">
      {error ? <FormAlert message={error} /> : null}
      <Field.Root>
        <Field.Label>{t('transcriptions.scriptDialog.must')}</Field.Label>
        <Textarea rows={5} value={must} onChange={(e) => setMust(e.target.value)} data-testid="script-must" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('transcriptions.scriptDialog.mustNot')}</Field.Label>
        <Textarea rows={3} value={mustNot} onChange={(e) => setMustNot(e.target.value)} data-testid="script-must-not" />
      </Field.Root>
      <div>
        <Button colorPalette="brand" loading={busy} onClick={() => void save()} data-testid="script-save">
          {t('table.save')}
        </Button>
      </div>
    </Stack>
  )
}

/** The providers' scripts, chosen one provider at a time. */
export function ScriptsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const refreshTranscriptions = useRefreshTranscriptions()
  const scripts = useScripts()
  const [chosen, setChosen] = useState('')
  const items = scripts.data?.items ?? []
  const providerId = chosen || items[0]?.providerId || ''
  const script = items.find((s) => s.providerId === providerId)
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('transcriptions.scriptDialog.title')}
      testId="scripts-dialog"
      size="lg"
      scroll
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('app.close')}
        </Button>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted">{t('transcriptions.scriptDialog.help')}</Text>
        <Field.Root>
          <Field.Label>{t('transcriptions.filters.provider')}</Field.Label>
          <Choices
            value={providerId}
            onChange={(e) => setChosen(e.target.value)}
            options={items.map((s) => ({ value: s.providerId, label: s.providerName }))}
            data-testid="script-provider"
          />
        </Field.Root>
        {script ? (
          <ScriptForm
            key={`${script.providerId}:${script.version ?? 0}`}
            script={script}
            onSaved={() => {
              void refreshTranscriptions()
            }}
          />
        ) : null}
      </Stack>
    </AppDialog>
  )
}
