import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LEAD_COUNTRIES, type LeadCountry } from '../../../../shared/rules/leads'
import type { LeadList } from '../../../../shared/schemas/leads'
import { Choices } from '../../../components/ui/choices'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { messagesByField } from '../../../lib/api-client'
import { uploadLeadList } from '../api/leads-api'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { useLeadSources } from '../api/leads-queries'

/** A new list: the file, its campaign, its source and the country its numbers are read in; the server reads it through once. */
export function NewListCard({ campaigns, onUploaded }: { campaigns: string[]; onUploaded: (list: LeadList) => void }) {
  const { t } = useTranslation()
  const sources = useLeadSources()
  const [file, setFile] = useState<File | null>(null)
  const [campaign, setCampaign] = useState('')
  const [sourceId, setSourceId] = useState('')
  const [country, setCountry] = useState<LeadCountry>('SE')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const uploading = useAction(uploadLeadList, {
    onDone: (list) => {
      onUploaded(list)
      setFile(null)
    },
    onError: (err) => {
      setErrors(messagesByField(err, (e) => formErrorOf(e, t).message))
      return true
    },
  })

  const upload = async () => {
    const missing: Record<string, string> = {}
    if (!file) missing.file = t('validation.leads.file.unreadable')
    if (!campaign.trim()) missing.campaign = t('validation.required')
    setErrors(missing)
    if (Object.keys(missing).length) return
    await uploading.run(file!, { campaign: campaign.trim(), country, sourceId: sourceId || undefined })
  }

  return (
    <SectionCard title={t('leads.newList')} size="sm" data-testid="lead-new-list">
      <Stack gap="4">
        {errors.form ? <FormAlert message={errors.form} /> : null}
        <Field.Root invalid={!!errors.file}>
          <Field.Label>{t('leads.file')}</Field.Label>
          <FilePicker accept=".csv,.txt,.xlsx" fileName={file?.name ?? null} onChange={setFile} testId="lead-file" />
          <Field.ErrorText>{errors.file}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root invalid={!!errors.campaign} required>
            <Field.Label>{t('leads.campaign')}</Field.Label>
            <Input value={campaign} onChange={(e) => setCampaign(e.target.value)} list="lead-campaigns" maxLength={100} data-testid="lead-campaign" />
            <datalist id="lead-campaigns">
              {campaigns.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {errors.campaign ? <Field.ErrorText>{errors.campaign}</Field.ErrorText> : <Field.HelperText>{t('leads.campaignHelp')}</Field.HelperText>}
          </Field.Root>
          <Field.Root invalid={!!errors.sourceId}>
            <Field.Label>{t('leads.source')}</Field.Label>
            <Choices
              value={sourceId}
              onChange={(e) => setSourceId(e.target.value)}
              empty={t('leads.newSource')}
              options={(sources.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="lead-source"
            />
            <Field.ErrorText>{errors.sourceId}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('leads.country')}</Field.Label>
            <Choices
              value={country}
              onChange={(e) => setCountry(e.target.value as LeadCountry)}
              options={LEAD_COUNTRIES.map((c) => ({ value: c, label: t(`leads.countries.${c}`) }))}
            />
          </Field.Root>
        </SimpleGrid>
        <Stack direction="row" align="center" gap="3">
          <Button colorPalette="brand" onClick={() => void upload()} loading={uploading.busy} data-testid="lead-upload">
            {t('leads.upload')}
          </Button>
          {uploading.busy ? <Text color="fg.muted">{t('leads.reading')}</Text> : null}
        </Stack>
      </Stack>
    </SectionCard>
  )
}
