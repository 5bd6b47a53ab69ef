import type { TFunction } from 'i18next'
import { Badge, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { ABSENCE_TYPES } from '../../../../shared/rules/time-report'
import { businessMonth } from '../../../../shared/rules/work'
import { pathFor } from '../../../../shared/routes'
import type { TimeReportListItem } from '../../../../shared/schemas/time-reports'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { LookupCombobox, LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { listTimeReports, TIME_REPORT_FILTER_KEYS, type TimeReportFilters } from '../api/time-reports-api'
import { AttestationPanel } from '../components/attestation-panel'
import { MonthField } from '../../../components/ui/month-field'
import { useUrlParams } from '../../../lib/use-url-params'
import { timeReportsKeys } from '../api/time-reports-keys'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { useLanguage } from '../../../lib/use-language'

const TABS = ['reports', 'attestation'] as const
/** The month, office and team both tabs read. */
const SHARED = ['month', 'officeId', 'teamId']

/**
 * /backoffice/timereports: the sellers' time reports of a month, filtered by office, team, seller, type, absence
 * type and attestation (a report that breaks the rules says so); and the month's attestation per seller.
 */
export default function TimeReportsPage() {
  const { t } = useTranslation()
  const [params] = useUrlParams()
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : thisMonth
  return (
    <Page title={t('routes.backoffice-timereports')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <AddressTabs
        tabs={TABS}
        shared={SHARED}
        label={(k) => t(`pay.timeReports.tabs.${k}`)}
        panels={{ reports: <ReportsPanel month={month} />, attestation: <AttestationPanel month={month} /> }}
      />
    </Page>
  )
}

/** The time reports list's columns: the day and seller, hours, absence, allowance and its state. */
function timeReportColumns(t: TFunction, lang: FormatLanguage): Column<TimeReportListItem>[] {
  const hours = (h: number) => t('pay.hoursShort', { hours: h })
  return [
    {
      key: 'date',
      header: t('pay.timeReports.date'),
      sortKey: 'date',
      render: (r) => <StackedCell main={formatDate(r.date, lang)} under={r.sellerName} />,
      csv: (r) => r.date,
    },
    {
      key: 'seller',
      header: t('pay.seller'),
      sortKey: 'seller',
      render: (r) => (
        <>
          <Text>{r.sellerName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {r.teamName ?? ''}
          </Text>
        </>
      ),
      csv: (r) => r.sellerName,
      hideBelow: 'md',
    },
    { key: 'work', header: t('pay.timeReports.work'), sortKey: 'workHours', render: (r) => hours(r.workHours), csv: (r) => r.workHours },
    {
      key: 'absence',
      header: t('pay.timeReports.absence'),
      sortKey: 'absenceHours',
      render: (r) => (r.absenceHours > 0 ? `${hours(r.absenceHours)} · ${r.absenceType ? t(`pay.items.absence.${r.absenceType}`) : ''}` : '–'),
      csv: (r) => (r.absenceHours > 0 ? `${r.absenceHours} ${r.absenceType ?? ''}` : ''),
    },
    {
      key: 'allowance',
      header: t('pay.timeReports.allowance'),
      render: (r) => (r.allowanceType ? `${r.allowanceType} · ${r.travelLocation ?? ''}` : (r.allowanceType ?? '–')),
      csv: (r) => r.allowanceType,
      hideBelow: 'lg',
    },
    {
      key: 'state',
      header: t('pay.attestation.state'),
      render: (r) => (
        <>
          {r.attested ? (
            <Badge colorPalette="green" variant="subtle">
              {t('pay.timeReports.attested')}
            </Badge>
          ) : null}{' '}
          {r.violations.length ? (
            <Badge colorPalette="red" variant="subtle">
              {t('pay.timeReports.breaksRules')}
            </Badge>
          ) : null}
        </>
      ),
      csv: (r) => (r.attested ? 'attested' : ''),
      hideBelow: 'sm',
    },
  ]
}

function ReportsPanel({ month }: { month: string }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const { query, update, filters: inAddress } = useListQuery({ itemsPerPage: 25 }, TIME_REPORT_FILTER_KEYS)
  const filters: TimeReportFilters = useMemo(() => ({ ...inAddress, month }), [inAddress, month])
  const list = useListPage(timeReportsKeys.list, listTimeReports, query, filters)
  const columns = timeReportColumns(t, lang)
  const csv = useCsvDownload({ fileName: `${t('pay.timeReports.csvFile')}-${month}`, columns, query, fetchPage: (q) => listTimeReports(q, filters) })
  const select = (label: string, key: (typeof TIME_REPORT_FILTER_KEYS)[number], options: Array<[string, string]>, all: string) => (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field aria-label={label} value={filters[key] ?? ''} onChange={(e) => update({ [key]: e.currentTarget.value || undefined })}>
        <option value="">{all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
  return (
    <DataTable
      label={t('routes.backoffice-timereports')}
      columns={columns}
      {...listTable(list, { query, update }, csv)}
      onRowClick={(r) => navigate(pathFor('backoffice-timereports-id', { id: r.id }))}
      emptyText={t('pay.timeReports.empty')}
      activeFilters={TIME_REPORT_FILTER_KEYS.filter((k) => k !== 'month' && filters[k]).length}
      toolbar={<MonthField month={month} onChange={(m) => update({ month: m })} />}
      filters={
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
          <LookupNativeSelect
            kind="offices"
            within="time_reports"
            label={t('pay.office')}
            value={filters.officeId}
            onChange={(id) => update({ officeId: id })}
          />
          <LookupNativeSelect kind="teams" label={t('pay.team')} value={filters.teamId} parentId={filters.officeId} onChange={(id) => update({ teamId: id })} />
          <LookupCombobox kind="users" label={t('pay.seller')} value={filters.userId} parentId={filters.teamId} onChange={(id) => update({ userId: id })} />
          {select(
            t('pay.timeReports.allowance'),
            'allowanceType',
            ['0', '1', '2'].map((v) => [v, v]),
            t('pay.timeReports.anyAllowance'),
          )}
          {select(
            t('pay.timeReports.absenceType'),
            'absenceType',
            [['none', t('pay.timeReports.noAbsence')], ...ABSENCE_TYPES.map((a): [string, string] => [a, t(`pay.items.absence.${a}`)])],
            t('pay.timeReports.anyAbsence'),
          )}
          {select(
            t('pay.timeReports.attested'),
            'attested',
            [
              ['true', t('pay.timeReports.attested')],
              ['false', t('pay.timeReports.notAttested')],
            ],
            t('pay.timeReports.anyAttested'),
          )}
        </SimpleGrid>
      }
    />
  )
}
