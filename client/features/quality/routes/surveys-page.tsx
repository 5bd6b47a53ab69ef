import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { formatDate, formatTime } from '../../../../shared/format'
import { SURVEY_PAGE, SURVEY_STATUSES, type SurveyListItem, type SurveyStatus } from '../../../../shared/schemas/quality'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { LoadError } from '../../../components/ui/load-error'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { SurveyDialog } from '../components/survey-dialog'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { RecordTable, type RecordColumn } from '../../../components/ui/record-table'
import { useSurveys } from '../api/quality-queries'

/**
 * /backoffice/salequality/surveys (docs/decisions/045): the call queue, oldest first, and the surveys that ended
 * (answered, not reached, regret). A row opens the survey beside its sale; `?survey=<id>` links to one.
 */
export default function SurveysPage() {
  const { t, lang } = useLanguage()
  const [params] = useSearchParams()
  const status = (SURVEY_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as SurveyStatus) : 'queued'
  const providerId = params.get('provider') ?? undefined
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0)
  const open = params.get('survey')
  // The surveys behind a statistics figure come with its narrowing (docs/decisions/045).
  const narrowed = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    officeId: params.get('office') || undefined,
    teamId: params.get('team') || undefined,
    sellerId: params.get('seller') || undefined,
    grade: params.get('grade') || undefined,
  }
  const narrowedBy = Object.values(narrowed).some(Boolean)
  const query = { status, providerId, offset, ...narrowed }
  const surveys = useSurveys(query)

  // Built on the latest change even before it is drawn; each a step the back button undoes (the dialog too).
  const { update } = useListQuery()
  const set = (changes: Record<string, string | undefined>) => update(changes, false, 'push')

  const items = surveys.data?.items ?? []
  const ids = items.map((i) => i.id)
  const nextOf = (id: string) => (status === 'queued' ? (ids.filter((x) => x !== id)[0] ?? null) : null)
  return (
    <Page title={t('routes.backoffice-salequality-surveys')} breadcrumbs={[{ label: t('nav.groups.saleQuality') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('quality.surveys.intro')}
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Choices
            size="sm"
            root={{ width: { base: 'full', sm: '48' } }}
            aria-label={t('quality.surveys.filterStatus')}
            value={status}
            onChange={(e) => set({ status: e.currentTarget.value, offset: undefined })}
            data-testid="survey-status-filter"
            options={SURVEY_STATUSES.map((s) => ({ value: s, label: t(`quality.status.${s}`) }))}
          />
          <Box width={{ base: 'full', sm: '60' }}>
            <LookupNativeSelect
              kind="providers"
              label={t('quality.surveys.provider')}
              emptyLabel={t('quality.surveys.allProviders')}
              value={providerId}
              onChange={(v) => set({ provider: v, offset: undefined })}
            />
          </Box>
          {narrowedBy ? (
            <HStack gap="2" data-testid="survey-narrowed">
              <Badge variant="subtle" colorPalette="brand">
                {[
                  narrowed.from && narrowed.to ? `${formatDate(narrowed.from, lang)} – ${formatDate(narrowed.to, lang)}` : null,
                  narrowed.grade ? t('quality.surveys.gradeIs', { grade: narrowed.grade }) : null,
                  narrowed.sellerId || narrowed.teamId || narrowed.officeId ? t('quality.surveys.narrowedPlace') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Badge>
              <Button
                size="xs"
                variant="ghost"
                onClick={() =>
                  set({ from: undefined, to: undefined, office: undefined, team: undefined, seller: undefined, grade: undefined, offset: undefined })
                }
              >
                {t('quality.surveys.clearNarrowing')}
              </Button>
            </HStack>
          ) : null}
          {surveys.data ? (
            <Text fontSize="sm" color="fg.muted" ms={{ sm: 'auto' }} data-testid="survey-total">
              {surveys.data.total}
            </Text>
          ) : null}
        </HStack>
        {surveys.isError ? (
          <LoadError error={surveys.error} onRetry={() => void surveys.refetch()} />
        ) : !surveys.data ? (
          <Skeleton h="60" aria-busy />
        ) : items.length === 0 ? (
          <Text color="fg.muted" data-testid="surveys-empty">
            {t(`quality.surveys.empty.${status}`)}
          </Text>
        ) : (
          <SurveysTable items={items} status={status} readAt={surveys.dataUpdatedAt} onOpen={(id) => set({ survey: id })} />
        )}
        {surveys.data && surveys.data.total > SURVEY_PAGE ? (
          <HStack justify="space-between">
            <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => set({ offset: String(Math.max(0, offset - SURVEY_PAGE)) })}>
              {t('table.previous')}
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {t('table.range', { first: offset + 1, last: Math.min(offset + SURVEY_PAGE, surveys.data.total), total: surveys.data.total })}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={offset + SURVEY_PAGE >= surveys.data.total}
              onClick={() => set({ offset: String(offset + SURVEY_PAGE) })}
            >
              {t('table.next')}
            </Button>
          </HStack>
        ) : null}
      </Stack>
      {open ? (
        <SurveyDialog
          id={open}
          onClose={() => set({ survey: undefined })}
          onDone={() => void surveys.refetch()}
          nextId={nextOf(open)}
          onNext={(id) => set({ survey: id })}
        />
      ) : null}
    </Page>
  )
}

/** The queue's or the ended surveys' rows: a row (or its date) opens the survey. */
function SurveysTable(props: { items: SurveyListItem[]; status: SurveyStatus; readAt: number; onOpen: (id: string) => void }) {
  const { t, lang } = useLanguage()
  const { items, status, readAt, onOpen } = props
  const ends: RecordColumn<SurveyListItem>[] =
    status === 'queued'
      ? [
          { header: t('quality.surveys.attempts'), cell: (x) => x.attempts, end: true },
          { header: t('quality.surveys.nextTry'), cell: (x) => (x.nextTryAt && x.nextTryAt > readAt ? formatTime(x.nextTryAt, lang) : '–'), hideBelow: 'md' },
        ]
      : [
          { header: t('quality.surveys.grade'), cell: (x) => x.grade ?? (status === 'answered' ? '–' : t(`quality.status.${x.status}`)) },
          { header: t('quality.surveys.answeredAt'), cell: (x) => (x.answeredAt ? formatDate(x.answeredAt, lang) : ''), hideBelow: 'md' },
        ]
  return (
    <RecordTable
      bordered
      label={t('routes.backoffice-salequality-surveys')}
      rows={items}
      rowKey={(x) => x.id}
      rowTestId="survey-row"
      onRowClick={(x) => onOpen(x.id)}
      columns={[
        {
          header: t('quality.surveys.sellDate'),
          cell: (x) => (
            <Button
              variant="plain"
              size="sm"
              px="0"
              h="auto"
              whiteSpace="nowrap"
              onClick={(e) => {
                e.stopPropagation()
                onOpen(x.id)
              }}
            >
              {formatDate(x.sellDate, lang)}
            </Button>
          ),
        },
        {
          header: t('quality.surveys.seller'),
          cell: (x) => (
            <>
              <Text>{x.seller.name}</Text>
              {x.team ? (
                <Text fontSize="xs" color="fg.muted">
                  {x.team.name}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('quality.surveys.provider'), cell: (x) => x.provider.name, hideBelow: 'md' },
        {
          header: t('quality.surveys.reason'),
          cell: (x) => (
            <Badge variant="subtle" colorPalette={x.reason === 'new_seller' ? 'purple' : 'gray'}>
              {t(`quality.reason.${x.reason}`)}
            </Badge>
          ),
          hideBelow: 'sm',
        },
        ...ends,
      ]}
    />
  )
}
