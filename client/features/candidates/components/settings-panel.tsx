import { Button, Card, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { candidateSettingsSchema, type CandidateSettings } from '../../../../shared/schemas/candidates'
import { FormAlert } from '../../../components/ui/form-alert'
import { NumberField, useZodResolver } from '../../../components/ui/form-kit'
import { QueryState } from '../../../components/ui/load-error'
import { ApiClientError, applyFieldErrors, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { saveCandidateSettings } from '../api/candidates-api'
import { useCandidateSettings, useRefreshCandidatesSettings } from '../api/candidates-queries'

/** The organisation's onboarding settings: how long data is kept, when candidates are reminded, how long links last. */
export function SettingsPanel() {
  const settings = useCandidateSettings()
  return <QueryState query={settings}>{(data) => <SettingsForm key={data.version} settings={data} />}</QueryState>
}

function SettingsForm(props: { settings: CandidateSettings }) {
  const { t } = useTranslation()
  const refreshCandidatesSettings = useRefreshCandidatesSettings()
  const form = useForm({ resolver: useZodResolver(candidateSettingsSchema), defaultValues: props.settings })
  const error = form.formState.errors.root?.message
  const submit = form.handleSubmit(async (values) => {
    try {
      await saveCandidateSettings(values)
      snackbar.success(t('candidates.settings.saved'))
      await refreshCandidatesSettings()
    } catch (err) {
      if (!applyFieldErrors(err, (name, e) => form.setError(name, e), ['retentionDays', 'reminderDays', 'linkDays']))
        form.setError('root', { message: err instanceof ApiClientError ? errorText(err, t) : String(err) })
    }
  })
  return (
    <Card.Root maxW="3xl">
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="candidate-settings">
          <Stack gap="4">
            <Text color="fg.muted">{t('candidates.settings.intro')}</Text>
            {error ? <FormAlert message={error} /> : null}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <NumberField form={form} name="retentionDays" label={t('candidates.settings.retentionDays')} min={30} max={3650} />
              <NumberField form={form} name="reminderDays" label={t('candidates.settings.reminderDays')} min={1} max={60} />
              <NumberField form={form} name="linkDays" label={t('candidates.settings.linkDays')} min={1} max={60} />
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={form.formState.isSubmitting}>
              {t('candidates.settings.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
