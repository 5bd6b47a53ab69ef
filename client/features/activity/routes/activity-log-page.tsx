import { Box, Input, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes, formatDate, formatDecimal, formatOre, formatTime } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { ACTIVITY_ENTITIES, type ActivityEntryItem } from '../../../../shared/schemas/activity'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { ACTIVITY_FILTER_KEYS, searchActivity, type ActivityFilters } from '../api/activity-api'
import { activityKeys } from '../api/activity-keys'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'

/** The actions the log writes (core's activityLog.actions): the action filter's choices. */
const ACTIONS = [
  'created',
  'updated',
  'deleted',
  'archived',
  'restored',
  'status_changed',
  'corrected',
  'backoffice_corrected',
  'role_changed',
  'deactivated',
  'reactivated',
  'sensitive_read',
  'identity_read',
  'commissions_applied',
  'attested',
  'reopened',
  'confirmed',
  'dismissed',
  'exported',
  'imported',
  'removed',
  'sent',
  'impersonation_started',
  'impersonation_stopped',
  'impersonation_ended',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_reset',
  'recovery_code_used',
  'terms_published',
  'terms_accepted',
  'terms_declined',
] as const

/** Where an entry's entity is shown, for the entities that have a page. */
function entityPath(entity: string, id: string): string | null {
  if (entity === 'user') return pathFor('user-admin-users-id', { id })
  if (entity === 'sale_report') return pathFor('backoffice-salereports-id', { id })
  if (entity === 'customer') return pathFor('backoffice-customers-id', { id })
  if (entity === 'provider') return pathFor('backoffice-providers-id', { id })
  if (entity === 'product') return pathFor('backoffice-products-id', { id })
  if (entity === 'role') return pathFor('user-admin-roles')
  if (entity === 'region') return pathFor('user-admin-regions')
  if (entity === 'office') return pathFor('user-admin-offices')
  if (entity === 'team') return pathFor('user-admin-teams-id', { id })
  return null
}

/** How the log's lines read in the reader's language: entities, actions, who did it, and each changed field. */
function useActivityText() {
  const { t, lang } = useLanguage()
  const entityLabel = (entity: string) => t(`activitySearch.entities.${entity}`, { defaultValue: entity })
  const actionLabel = (action: string) => t(`activityLog.actions.${action}`, { defaultValue: action })
  // A field by its name in the reader's language; one the catalog does not name is spelled out ("payroll tax").
  const fieldLabel = (k: string) => t(`activityLog.fields.${k}`, { defaultValue: k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() })
  // Values as the screens write them: yes/no, amounts in kronor, lists joined, numbers in the reader's language.
  const value = (k: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '–'
    if (typeof v === 'boolean') return v ? t('activityLog.yes') : t('activityLog.no')
    if (typeof v === 'number') {
      if (k.endsWith('Ore')) return formatOre(v, lang)
      // A moment (…At, in milliseconds) as a day and time; storage in bytes as MB or GB.
      if (k.endsWith('At')) return t('activityLog.moment', { at: v })
      if (k.endsWith('Storage')) return formatBytes(v, lang)
      return formatDecimal(v, lang)
    }
    if (Array.isArray(v)) return v.length === 0 ? '–' : v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
    if (typeof v === 'object') return JSON.stringify(v)
    return String(v)
  }
  const changes = (a: ActivityEntryItem) => {
    const fields = Object.keys(a.after ?? a.before ?? {})
    return fields.map((k) =>
      a.before && k in a.before ? `${fieldLabel(k)}: ${value(k, a.before[k])} → ${value(k, a.after?.[k])}` : `${fieldLabel(k)}: ${value(k, a.after?.[k])}`,
    )
  }
  /** What a line is about: its name where its area gives one, else the start of its id. */
  const entityText = (a: ActivityEntryItem) => a.entityName ?? a.entityId.slice(0, 8)
  const actorText = (a: ActivityEntryItem) => {
    const name = a.actor?.name || t('activityLog.system')
    return a.actingAs ? t('activitySearch.actingAs', { name, as: a.actingAs.name }) : name
  }
  return { entityLabel, actionLabel, changes, entityText, actorText }
}

/** The log's filters: who, which entity, which action, from and to. */
function ActivityFilterBar({
  filters,
  update,
  entityLabel,
  actionLabel,
}: {
  filters: ActivityFilters
  update: (patch: Partial<ActivityFilters>) => void
  entityLabel: (entity: string) => string
  actionLabel: (action: string) => string
}) {
  const { t } = useTranslation()
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="2" alignItems="end">
      <LookupCombobox kind="users" label={t('activitySearch.filters.actor')} value={filters.actorId} onChange={(v) => update({ actorId: v })} />
      <Choices
        size="sm"
        aria-label={t('activitySearch.filters.entity')}
        value={filters.entity ?? ''}
        onChange={(e) => update({ entity: e.currentTarget.value || undefined })}
        empty={t('lookup.all', { what: t('activitySearch.filters.entity') })}
        options={ACTIVITY_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) }))}
      />
      <Choices
        size="sm"
        aria-label={t('activitySearch.filters.action')}
        value={filters.action ?? ''}
        onChange={(e) => update({ action: e.currentTarget.value || undefined })}
        empty={t('lookup.all', { what: t('activitySearch.filters.action') })}
        options={ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
      />
      <Box>
        <Text asChild fontSize="xs" color="fg.muted">
          <label htmlFor="activity-from">{t('activitySearch.filters.from')}</label>
        </Text>
        <Input id="activity-from" size="sm" type="date" value={filters.from ?? ''} onChange={(e) => update({ from: e.target.value || undefined })} />
      </Box>
      <Box>
        <Text asChild fontSize="xs" color="fg.muted">
          <label htmlFor="activity-to">{t('activitySearch.filters.to')}</label>
        </Text>
        <Input id="activity-to" size="sm" type="date" value={filters.to ?? ''} onChange={(e) => update({ to: e.target.value || undefined })} />
      </Box>
    </SimpleGrid>
  )
}

/**
 * /user-admin/activity-log: every area's log, newest first, searched by actor, entity, action and period (admins;
 * decision 035). Each line says who did what to which entity, acting as whom, and the fields it changed.
 */
export default function ActivityLogPage() {
  const { t, lang } = useLanguage()
  const { query, update, filters, active } = useListQuery({ sortBy: 'at', orderBy: 'desc' }, ACTIVITY_FILTER_KEYS)
  const list = useListPage(activityKeys.list, searchActivity, query, filters)

  const { entityLabel, actionLabel, changes, entityText, actorText } = useActivityText()

  const columns: Column<ActivityEntryItem>[] = [
    {
      key: 'at',
      header: t('activitySearch.columns.at'),
      sortKey: 'at',
      render: (a) => (
        <Text whiteSpace="nowrap">
          {formatDate(a.at, lang)} {formatTime(a.at, lang)}
        </Text>
      ),
      csv: (a) => `${formatDate(a.at, lang)} ${formatTime(a.at, lang)}`,
    },
    { key: 'actor', header: t('activitySearch.columns.actor'), render: actorText, csv: actorText },
    {
      key: 'action',
      header: t('activitySearch.columns.action'),
      render: (a) => (
        <>
          <Text fontWeight="medium">{actionLabel(a.action)}</Text>
          {/* On a phone the entity and the changes go under the action. */}
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {entityLabel(a.entity)}: {entityText(a)}
            {a.reason ? ` · ${a.reason}` : ''}
          </Text>
        </>
      ),
      csv: (a) => actionLabel(a.action),
    },
    {
      key: 'entity',
      header: t('activitySearch.columns.entity'),
      render: (a) => {
        const path = entityPath(a.entity, a.entityId)
        return (
          <Stack gap="0">
            <Text>{entityLabel(a.entity)}</Text>
            {path ? (
              <ChakraLink asChild fontSize="xs" color="fg.muted" onClick={(e) => e.stopPropagation()} data-testid="activity-entity">
                <Link to={path}>{entityText(a)}</Link>
              </ChakraLink>
            ) : (
              <Text fontSize="xs" color="fg.muted" data-testid="activity-entity">
                {entityText(a)}
              </Text>
            )}
          </Stack>
        )
      },
      csv: (a) => `${entityLabel(a.entity)} ${a.entityName ?? a.entityId}`,
      hideBelow: 'md',
    },
    {
      key: 'changes',
      header: t('activitySearch.columns.changes'),
      render: (a) => {
        const lines = changes(a)
        return (
          <Box maxW="28rem">
            {lines.slice(0, 4).map((line) => (
              <Text key={line} fontSize="xs" color="fg.muted" truncate title={line}>
                {line}
              </Text>
            ))}
            {lines.length > 4 ? (
              <Text fontSize="xs" color="fg.muted">
                {t('activitySearch.moreFields', { count: lines.length - 4 })}
              </Text>
            ) : null}
            {a.reason ? (
              <Text fontSize="xs" fontStyle="italic">
                {a.reason}
              </Text>
            ) : null}
          </Box>
        )
      },
      csv: (a) => [...changes(a), a.reason ?? ''].filter(Boolean).join('; '),
      hideBelow: 'lg',
    },
  ]

  const csv = useCsvDownload({ fileName: t('activitySearch.csvFile'), columns, query, fetchPage: (q) => searchActivity(q, filters) })

  const filterUi = <ActivityFilterBar filters={filters} update={update} entityLabel={entityLabel} actionLabel={actionLabel} />

  return (
    <Page title={t('routes.user-admin-activity-log')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <DataTable
        label={t('routes.user-admin-activity-log')}
        columns={columns}
        {...listState(list)}
        totalCapped={list.data?.totalCapped}
        emptyText={t('activitySearch.empty')}
        query={query}
        onQueryChange={update}
        onDownloadCsv={() => void csv.download()}
        downloading={csv.downloading}
        filters={filterUi}
        activeFilters={active}
      />
    </Page>
  )
}
