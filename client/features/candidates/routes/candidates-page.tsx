import { Badge, Field, Input, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { CANDIDATE_STAGES, CANDIDATE_STATUSES, type CandidateListItem, type CandidateStage } from '../../../../shared/schemas/candidates'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { chipsOf } from '../../../components/ui/filter-chips'
import { FilterBar, FilterChips } from '../../../components/ui/list-filters'
import { Page } from '../../../components/ui/page'
import { CreateButton } from '../../../components/ui/record-table'
import { useAbility, useUserData } from '../../../lib/session'
import { CANDIDATE_FILTER_KEYS, listCandidates, type CandidateFilters } from '../api/candidates-api'
import { candidatesKeys } from '../api/candidates-keys'
import { CandidateDialog, type CandidateChoices } from '../components/candidate-dialog'
import { SettingsPanel } from '../components/settings-panel'
import { StageBadge } from '../components/stage-badge'
import { TemplatesPanel } from '../components/templates-panel'
import { Choices } from '../../../components/ui/choices'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { useLanguage } from '../../../lib/use-language'
import { useCandidateChoices, useRefreshCandidates } from '../api/candidates-queries'

const TABS = ['list', 'templates', 'settings'] as const

/**
 * /backoffice/onboarding/candidates (docs/decisions/070): the candidates the reader may see — a recruiter's own, a
 * region's, or all — searched and filtered by step, recruiter, region, state and start date, newest first; adding
 * one; and for who administers recruiting, the contract templates and the settings, each a tab in the address.
 */
export default function CandidatesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const admin = ability.can('admin', 'candidates')
  const title = t('routes.backoffice-onboarding-candidates')
  const crumbs = [{ label: t('nav.groups.backoffice') }]
  if (!admin) {
    return (
      <Page title={title} breadcrumbs={crumbs}>
        <CandidateList />
      </Page>
    )
  }
  return (
    <Page title={title} breadcrumbs={crumbs}>
      <AddressTabs
        tabs={TABS}
        label={(k) => t(`candidates.tabs.${k}`)}
        panels={{ list: <CandidateList />, templates: <TemplatesPanel />, settings: <SettingsPanel /> }}
      />
    </Page>
  )
}

function CandidateList() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const me = useUserData()
  const refreshCandidates = useRefreshCandidates()
  const [adding, setAdding] = useState(false)
  const { query, update, filters } = useListQuery({ itemsPerPage: 25 }, CANDIDATE_FILTER_KEYS)
  const list = useListPage(candidatesKeys.list, listCandidates, query, filters)
  const choices = useCandidateChoices()

  const columns: Column<CandidateListItem>[] = [
    {
      key: 'name',
      header: t('candidates.columns.name'),
      sortKey: 'name',
      render: (r) => (
        <>
          <Text fontWeight="medium">
            {r.firstName} {r.lastName}
          </Text>
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {r.recruiter.name ?? ''} · {r.region.name ?? ''}
          </Text>
        </>
      ),
      csv: (r) => `${r.firstName} ${r.lastName}`,
    },
    {
      key: 'contact',
      header: t('candidates.columns.contact'),
      render: (r) => (
        <>
          <Text fontSize="sm">{r.email}</Text>
          {r.phone ? (
            <Text fontSize="xs" color="fg.muted">
              {r.phone}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => r.email,
      hideBelow: 'lg',
    },
    { key: 'recruiter', header: t('candidates.columns.recruiter'), render: (r) => r.recruiter.name ?? '–', csv: (r) => r.recruiter.name, hideBelow: 'md' },
    { key: 'region', header: t('candidates.columns.region'), render: (r) => r.region.name ?? '–', csv: (r) => r.region.name, hideBelow: 'md' },
    {
      key: 'stage',
      header: t('candidates.columns.stage'),
      render: (r) =>
        r.status === 'active' || r.status === 'onboarded' ? (
          <StageBadge stage={r.stage} />
        ) : (
          <Badge variant="subtle" colorPalette="gray">
            {t(`candidates.statuses.${r.status}`)}
          </Badge>
        ),
      csv: (r) => (r.status === 'active' ? r.stage : r.status),
    },
    {
      key: 'startDate',
      header: t('candidates.columns.startDate'),
      sortKey: 'startDate',
      render: (r) => (r.startDate ? formatDate(Date.parse(`${r.startDate}T12:00:00Z`), lang) : '–'),
      csv: (r) => r.startDate,
      hideBelow: 'sm',
    },
    {
      key: 'created',
      header: t('candidates.columns.created'),
      sortKey: 'created',
      render: (r) => formatDate(r.createdAt, lang),
      csv: (r) => new Date(r.createdAt).toISOString().slice(0, 10),
      hideBelow: 'lg',
    },
  ]
  const csv = useCsvDownload({ fileName: t('candidates.csvFile'), columns, query, fetchPage: (q) => listCandidates(q, filters) })
  const active = CANDIDATE_FILTER_KEYS.filter((k) => filters[k]).length

  return (
    <>
      <DataTable
        label={t('candidates.title')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={active ? t('candidates.emptyFiltered') : t('candidates.empty')}
        onRowClick={(r) => navigate(pathFor('backoffice-onboarding-candidates-id', { id: r.id }))}
        activeFilters={active}
        toolbar={<CreateButton show={ability.can('create', 'candidates')} label={t('candidates.add')} onClick={() => setAdding(true)} testId="candidate-add" />}
        filters={<CandidateFilterBar filters={filters} update={update} choices={choices.data} />}
      />
      {adding && choices.data ? (
        <CandidateDialog
          open
          candidate={null}
          choices={choices.data}
          defaults={{ regionId: me?.regionId ?? choices.data.regions[0]?.id ?? null }}
          chooseRecruiter={ability.can('view', 'users') || ability.can('admin', 'candidates')}
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false)
            void refreshCandidates()
            navigate(pathFor('backoffice-onboarding-candidates-id', { id }))
          }}
        />
      ) : null}
    </>
  )
}

/** The list's filters: the step as chips, the recruiter, the region, the state and the start dates; clear while any is set. */
function CandidateFilterBar(props: {
  filters: CandidateFilters
  update: (change: Record<string, string | undefined>) => void
  choices: CandidateChoices | undefined
}) {
  const { t } = useTranslation()
  const { filters, update, choices } = props
  const stages = chipsOf(filters.stage, CANDIDATE_STAGES)
  const active = CANDIDATE_FILTER_KEYS.filter((k) => filters[k]).length
  return (
    <FilterBar
      testId="candidate-filters"
      chips={
        <FilterChips
          label={t('candidates.columns.stage')}
          values={CANDIDATE_STAGES}
          on={(s: CandidateStage) => stages.has(s)}
          onToggle={(s) => update({ stage: stages.has(s) ? undefined : s })}
          text={(s) => t(`candidates.stages.${s}`)}
        />
      }
      clear={{
        label: t('candidates.filters.clear'),
        active: active > 0,
        onClear: () => update(Object.fromEntries(CANDIDATE_FILTER_KEYS.map((k) => [k, undefined]))),
      }}
    >
      <Field.Root>
        <Field.Label>{t('candidates.filters.recruiter')}</Field.Label>
        <Choices
          size="sm"
          value={filters.recruiterId ?? ''}
          onChange={(e) => update({ recruiterId: e.target.value || undefined })}
          empty={t('candidates.filters.anyRecruiter')}
          options={(choices?.recruiters ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('candidates.filters.region')}</Field.Label>
        <Choices
          size="sm"
          value={filters.regionId ?? ''}
          onChange={(e) => update({ regionId: e.target.value || undefined })}
          empty={t('candidates.filters.anyRegion')}
          options={(choices?.regions ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('candidates.filters.status')}</Field.Label>
        <Choices
          size="sm"
          value={filters.status ?? ''}
          onChange={(e) => update({ status: e.target.value || undefined })}
          empty={t('candidates.filters.inProgress')}
          options={CANDIDATE_STATUSES.map((s) => ({ value: s, label: t(`candidates.statuses.${s}`) }))}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('candidates.filters.startFrom')}</Field.Label>
        <Input size="sm" type="date" value={filters.startFrom ?? ''} onChange={(e) => update({ startFrom: e.target.value || undefined })} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('candidates.filters.startTo')}</Field.Label>
        <Input size="sm" type="date" value={filters.startTo ?? ''} onChange={(e) => update({ startTo: e.target.value || undefined })} />
      </Field.Root>
    </FilterBar>
  )
}
