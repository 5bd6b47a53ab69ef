import { Button, Field, HStack, Input, Link, Progress, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { DEFAULT_LEAD_CHOICES, type LeadChoices, type LeadMapping } from '../../../../shared/rules/leads'
import type { LeadFormat, LeadList, LeadPreviewAnswer } from '../../../../shared/schemas/leads'
import { FormAlert } from '../../../components/ui/form-alert'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { messagesByField } from '../../../lib/api-client'
import { previewLeadList, runLeadList } from '../api/leads-api'
import { FormatDialog } from './format-dialog'
import { LeadSummary } from './lead-summary'
import { MappingSection } from './mapping-section'
import { NixSection } from './nix-section'
import { PreviewTable } from './preview-table'
import { RunSection } from './run-section'
import { Check } from '../../../components/ui/check'
import { SectionCard } from '../../../components/ui/section-card'
import { Notice } from '../../../components/ui/notice'
import { useLeadFormats, useRefreshLeadsFormats, useRefreshLeadsSources } from '../api/leads-queries'

/** A card with a heading, for the list's steps. */
function Step({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <SectionCard title={title} size="sm" data-testid={testId}>
      {children}
    </SectionCard>
  )
}

/** The run's state: waiting, its progress, why it failed, or done with its summary and the way to Downloads. */
function RunState({ list }: { list: LeadList }) {
  const { t } = useTranslation()
  if (list.status === 'queued' || list.status === 'running') {
    const p = list.progress
    return (
      <Stack gap="2" data-testid="lead-run-state">
        <Text>{list.status === 'queued' || !p ? t('leads.queued') : t('leads.running', { done: p.done, total: p.total })}</Text>
        <Progress.Root value={p && p.total ? Math.round((100 * p.done) / p.total) : null} size="sm">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    )
  }
  if (list.status === 'failed') return <FormAlert message={t('leads.failed', { error: list.error ?? '' })} />
  if (list.status !== 'done' || !list.summary) return null
  return (
    <Stack gap="4" data-testid="lead-run-state">
      <Notice status="success" description={t('leads.done', { out: list.summary.rowsOut, in: list.summary.rowsIn })}>
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/backoffice/downloads">{t('leads.openDownloads')}</RouterLink>
        </Link>
      </Notice>
      <LeadSummary summary={list.summary} />
    </Stack>
  )
}

/** The list's columns mapped to a lead's fields, kept for its source (named here when the list has none) if asked. */
function MappingStep(props: {
  list: LeadList
  errors: Record<string, string>
  /** each a value and its setter */
  mapping: [LeadMapping, (next: LeadMapping) => void]
  save: [boolean, (save: boolean) => void]
  source: [string, (name: string) => void]
}) {
  const { t } = useTranslation()
  const { list, errors } = props
  const [mapping, onMapping] = props.mapping
  const [save, onSave] = props.save
  const [sourceName, onSourceName] = props.source
  return (
    <Stack gap="3">
      <MappingSection headers={list.headers} mapping={mapping} remembered={list.mappingRemembered} errors={errors} onChange={onMapping} />
      <HStack gap="4" wrap="wrap">
        <Check checked={save} onChange={onSave} size="sm" label={t('leads.saveMapping')} />
        {!list.sourceId && save ? (
          <Field.Root w="auto" invalid={!!errors.sourceName}>
            <Input
              size="sm"
              placeholder={t('leads.sourceName')}
              aria-label={t('leads.sourceName')}
              value={sourceName}
              onChange={(e) => onSourceName(e.target.value)}
              maxLength={100}
              data-testid="lead-source-name"
            />
            <Field.ErrorText>{errors.sourceName}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </HStack>
    </Stack>
  )
}

/** An uploaded list: its columns, its NIX answer, the preview, what to remove or mark, the format, the run and its result. */
export function ListPanel({ list, onChanged }: { list: LeadList; onChanged: (list: LeadList) => void }) {
  const { t } = useTranslation()
  const refreshLeadsFormats = useRefreshLeadsFormats()
  const refreshLeadsSources = useRefreshLeadsSources()
  const formats = useLeadFormats()
  const [mapping, setMapping] = useState<LeadMapping>(list.mapping)
  const [choices, setChoices] = useState<LeadChoices>(list.choices ?? DEFAULT_LEAD_CHOICES)
  const [chosenFormat, setChosenFormat] = useState(list.formatId ?? '')
  const [saveMapping, setSaveMapping] = useState(true)
  const [sourceName, setSourceName] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [preview, setPreview] = useState<LeadPreviewAnswer | null>(null)
  const [busy, setBusy] = useState<'preview' | 'run' | null>(null)
  const [editing, setEditing] = useState<LeadFormat | 'new' | null>(null)
  const items = formats.data?.items ?? []
  const formatId = chosenFormat && items.some((f) => f.id === chosenFormat) ? chosenFormat : (items[0]?.id ?? '')
  const running = list.status === 'queued' || list.status === 'running'

  const act = async (what: 'preview' | 'run', work: () => Promise<void>) => {
    setBusy(what)
    setErrors({})
    try {
      await work()
    } catch (err) {
      setErrors(messagesByField(err, (e) => formErrorOf(e, t).message))
    } finally {
      setBusy(null)
    }
  }
  const remap = (next: LeadMapping) => {
    setMapping(next)
    setPreview(null)
  }
  const doPreview = () => act('preview', async () => setPreview(await previewLeadList(list.id, mapping)))
  const doRun = () =>
    act('run', async () => {
      const started = await runLeadList(list.id, {
        mapping,
        choices,
        formatId,
        saveMapping,
        ...(list.sourceId || !sourceName.trim() ? {} : { sourceName: sourceName.trim() }),
      })
      onChanged(started)
      await refreshLeadsSources()
    })

  return (
    <Stack gap="4" data-testid="lead-list-panel">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="lg" fontWeight="semibold" wordBreak="break-word">
          {t('leads.listHeading', { file: list.fileName, campaign: list.campaign })}
        </Text>
        <Text color="fg.muted">
          {t('leads.rows', { count: list.rowCount })}
          {list.sourceName ? ` · ${list.sourceName}` : ''}
        </Text>
      </HStack>
      {errors.form ? <FormAlert message={errors.form} /> : null}
      <Step title={t('leads.mapping')}>
        <MappingStep list={list} errors={errors} mapping={[mapping, remap]} save={[saveMapping, setSaveMapping]} source={[sourceName, setSourceName]} />
      </Step>
      <Step title={t('leads.nix')}>
        <NixSection list={list} onChanged={onChanged} />
      </Step>
      <Step title={t('leads.preview')} testId="lead-preview-step">
        <Stack gap="3">
          <div>
            <Button size="sm" variant="outline" onClick={() => void doPreview()} loading={busy === 'preview'} data-testid="lead-preview-button">
              {t('leads.preview')}
            </Button>
          </div>
          {preview ? (
            <>
              <Text color="fg.muted">{t('leads.previewHeading', { count: preview.shown })}</Text>
              <PreviewTable rows={preview.rows} />
            </>
          ) : null}
        </Stack>
      </Step>
      <Step title={t('leads.choices')}>
        <Stack gap="4">
          <RunSection
            choices={choices}
            onChoices={setChoices}
            formats={items}
            formatId={formatId}
            onFormat={setChosenFormat}
            formatError={errors.formatId}
            onNewFormat={() => setEditing('new')}
            onEditFormat={() => setEditing(items.find((f) => f.id === formatId) ?? null)}
          />
          <div>
            <Button colorPalette="brand" onClick={() => void doRun()} loading={busy === 'run'} disabled={running || !formatId} data-testid="lead-run">
              {list.status === 'done' ? t('leads.runAgain') : t('leads.run')}
            </Button>
          </div>
          <RunState list={list} />
        </Stack>
      </Step>
      {editing ? (
        <FormatDialog
          format={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setChosenFormat(saved.id)
            void refreshLeadsFormats()
          }}
        />
      ) : null}
    </Stack>
  )
}
