import { Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDecimal, formatOph, formatOre, type FormatLanguage } from '../../../../shared/format'
import { EARNING_STATUSES } from '../../../../shared/rules/earnings'
import type { ProfitabilityMetrics } from '../../../../shared/rules/profitability'
import { type ProfitabilityRow, type ProfitabilityView } from '../../../../shared/schemas/finance'
import { type Column } from '../../../components/ui/data-table/data-table'
import { FigureLink, figureHref } from '../../../components/ui/figure-link'
import { useAbility } from '../../../lib/session'

/** How each view narrows the rows behind a row's figure: the sale reports', the surveys' and the time reports' keys. */
const NARROW: Record<ProfitabilityView, { sales: string; surveys: string; hours: string | null }> = {
  sellers: { sales: 'sellerId', surveys: 'seller', hours: 'userId' },
  teams: { sales: 'teamId', surveys: 'team', hours: 'teamId' },
  legacy: { sales: 'teamId', surveys: 'team', hours: 'teamId' },
  managers: { sales: 'officeId', surveys: 'office', hours: 'officeId' },
  providers: { sales: 'providerId', surveys: 'provider', hours: null },
}

/** The filter the profitability screens narrow by: the period and, each optional, an office and a team. */
export type Filter = { from: string; to: string; officeId?: string; teamId?: string }

/** What a profitability view's table is drawn from: the view, the filter, the period counted, the reader's language. */
type ProfitabilityArgs = { view: ProfitabilityView; filter: Filter; counted: { from: string; to: string }; lang: FormatLanguage }

/**
 * A profitability view's table: its columns, and the figures as the screen writes them — money, per hour, decimals,
 * FTE — each figure that has rows behind it a link to them, narrowed to the row's unit.
 */
export function useProfitabilityColumns({ view, filter, counted, lang }: ProfitabilityArgs) {
  const { t } = useTranslation()
  const providers = view === 'providers'
  const legacy = view === 'legacy'
  const oneMonth = counted.from.slice(0, 7) === counted.to.slice(0, 7)
  const { money, perHour, decimal, fte, salesLink, surveysLink, hoursLink } = useProfitabilityLinks({ view, filter, counted, lang })
  const nameOf = (r: ProfitabilityRow) => r.name || t(view === 'managers' ? 'finance.noOffice' : 'finance.noTeam')

  const columns: Column<ProfitabilityRow>[] = [
    {
      key: 'name',
      header: t(`finance.unit.${view}`),
      sortKey: 'name',
      render: (r) => (
        <>
          <Text>{view === 'managers' ? r.managers?.map((m) => m.name).join(', ') || t('finance.noManager') : nameOf(r)}</Text>
          {view === 'sellers' && r.team ? (
            <Text fontSize="xs" color="fg.muted">
              {r.team.name}
            </Text>
          ) : null}
          {view === 'managers' ? (
            <Text fontSize="xs" color="fg.muted">
              {nameOf(r)}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => (view === 'managers' ? `${r.managers?.map((m) => m.name).join(', ') ?? ''} (${nameOf(r)})` : nameOf(r)),
    },
    {
      key: 'sales',
      header: t('finance.metric.sales'),
      sortKey: 'sales',
      render: (r) => salesLink(r.id, String(r.metrics.sales)),
      csv: (r) => r.metrics.sales,
      hideBelow: 'md',
    },
    {
      key: 'income',
      header: t('finance.metric.income'),
      sortKey: 'income',
      render: (r) => salesLink(r.id, money(r.metrics.incomeOre)),
      csv: (r) => r.metrics.incomeOre / 100,
    },
    {
      key: 'variableCosts',
      header: t('finance.metric.variableCosts'),
      sortKey: 'variableCosts',
      render: (r) => money(r.metrics.variableCostsOre),
      csv: (r) => r.metrics.variableCostsOre / 100,
      hideBelow: 'lg',
    },
    {
      key: 'tb',
      header: t('finance.metric.tb'),
      sortKey: 'tb',
      render: (r) => (
        <Text as="span" fontWeight="semibold" color={r.metrics.tbOre < 0 ? 'fg.error' : undefined}>
          {money(r.metrics.tbOre)}
        </Text>
      ),
      csv: (r) => r.metrics.tbOre / 100,
    },
    {
      key: 'tbPercent',
      header: t('finance.metric.tbPercent'),
      sortKey: 'tbPercent',
      render: (r) => decimal(r.metrics.tbPercent),
      csv: (r) => r.metrics.tbPercent,
      hideBelow: 'sm',
    },
    ...(providers
      ? []
      : ([
          {
            key: 'productivity',
            header: t('finance.metric.productivity'),
            sortKey: 'productivity',
            render: (r) => perHour(r.metrics.productivityOre),
            csv: (r) => (r.metrics.productivityOre === null ? null : r.metrics.productivityOre / 100),
            hideBelow: 'md',
          },
        ] satisfies Column<ProfitabilityRow>[])),
    {
      key: 'nki',
      header: t('finance.metric.nki'),
      sortKey: 'nki',
      render: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {surveysLink(r.id, r.metrics)}
          {r.metrics.nkiAnswers > 0 ? (
            <Text as="span" fontSize="xs" color="fg.muted">
              {' '}
              ({t('finance.answers', { count: r.metrics.nkiAnswers })})
            </Text>
          ) : null}
        </Text>
      ),
      csv: (r) => r.metrics.nki,
      hideBelow: 'md',
    },
    ...(providers
      ? []
      : ([
          { key: 'fte', header: t('finance.metric.fte'), sortKey: 'fte', render: (r) => fte(r.metrics.fte), csv: (r) => r.metrics.fte, hideBelow: 'lg' },
          {
            key: 'hourlyCompensation',
            header: t('finance.metric.hourlyCompensation'),
            sortKey: 'hourlyCompensation',
            render: (r) => perHour(r.metrics.hourlyCompensationOre),
            csv: (r) => (r.metrics.hourlyCompensationOre === null ? null : r.metrics.hourlyCompensationOre / 100),
            hideBelow: 'lg',
          },
          {
            key: 'workHours',
            header: t('finance.metric.workHours'),
            render: (r) => hoursLink(r.id, r.metrics.workHours),
            csv: (r) => r.metrics.workHours,
            hideBelow: 'lg',
          },
        ] satisfies Column<ProfitabilityRow>[])),
  ]
  return { columns, providers, legacy, oneMonth, money, perHour, decimal, fte, salesLink }
}

/** The figures as the screen writes them, and the links from a figure to the rows behind it (narrowed to the row's unit). */
function useProfitabilityLinks({ view, filter, counted, lang }: ProfitabilityArgs) {
  const { t } = useTranslation()
  const ability = useAbility()
  const narrow = NARROW[view]
  const oneMonth = counted.from.slice(0, 7) === counted.to.slice(0, 7)
  const money = (ore: number) => formatOre(ore, lang)
  const perHour = (ore: number | null) => (ore === null ? '–' : t('finance.perHour', { amount: formatOre(ore, lang) }))
  const decimal = (n: number | null) => (n === null ? '–' : formatDecimal(n, lang))
  const fte = (n: number | null) => (n === null ? '–' : formatOph(Math.round(n * 100), lang))
  // The rows behind a figure, narrowed to the row's unit (nothing to narrow by for "no team" or "no office").
  const salesLink = (id: string | null, text: string) =>
    ability.can('view', 'sale_reports') && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/salereports', {
          status: EARNING_STATUSES.join(','),
          ...counted,
          officeId: filter.officeId,
          teamId: filter.teamId,
          ...(id ? { [narrow.sales]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  const surveysLink = (id: string | null, m: ProfitabilityMetrics) => {
    const text = decimal(m.nki)
    return ability.can('view', 'sale_quality_surveys') && m.nkiAnswers > 0 && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/salequality/surveys', {
          ...counted,
          office: filter.officeId,
          team: filter.teamId,
          status: 'answered',
          ...(id ? { [narrow.surveys]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  }
  const hoursLink = (id: string | null, hours: number | null) => {
    const text = decimal(hours)
    return hours !== null && narrow.hours && oneMonth && ability.can('view', 'time_reports') && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/timereports', {
          month: counted.from.slice(0, 7),
          officeId: filter.officeId,
          teamId: filter.teamId,
          ...(id ? { [narrow.hours]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  }
  return { money, perHour, decimal, fte, salesLink, surveysLink, hoursLink }
}
