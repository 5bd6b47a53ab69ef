import type { TFunction } from 'i18next'
import { Badge, Box, Field, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { type FormatLanguage, formatDecimal, formatOre, formatOph } from '../../../../shared/format'
import { EARNING_STATUSES } from '../../../../shared/rules/earnings'
import { ophClasses } from '../../../../shared/rules/oph'
import { businessDay } from '../../../../shared/rules/work'
import type { CoachDashboard, CoachSellerRow, CoachTeam, PeriodFigures } from '../../../../shared/schemas/statistics'
import { FigureLink, figureHref as href } from '../../../components/ui/figure-link'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { QueryState } from '../../../components/ui/load-error'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { useMediaQuery } from '../../../lib/use-media-query'
import { useAbility } from '../../../lib/session'
import { coachDashboard } from '../api/dashboards-api'
import { statisticsKeys } from '../api/statistics-keys'
import { useLanguage } from '../../../lib/use-language'
import { RecordTable, type RecordColumn } from '../../../components/ui/record-table'
import { SectionCard } from '../../../components/ui/section-card'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const PERIODS = ['today', 'week', 'month'] as const
type Period = (typeof PERIODS)[number]

/**
 * /dashboards/sales/coach (docs/decisions/049): each of the coach's teams today, this week and this month — the
 * standing sales, order value, hours and orders per hour against the team's OPH targets — and each seller's with
 * their budget, checkout, sickness and quality. Every figure opens the rows behind it; a seller opens their figures.
 */
export default function CoachDashboardPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { update } = useListQuery()
  const [today] = useState(() => businessDay(Date.now()))
  const asked = params.get('date') ?? ''
  const date = DAY.test(asked) ? asked : today
  const teamId = params.get('team') || undefined
  const query = useQuery({ queryKey: statisticsKeys.coachDashboard(date, teamId ?? ''), queryFn: ({ signal }) => coachDashboard({ date, teamId }, signal) })
  const several = (query.data?.teams.length ?? 0) > 1
  return (
    <Page title={t('routes.dashboards-sales-coach')} breadcrumbs={[{ label: t('nav.groups.dashboards') }]}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          {t('coachBoard.intro')}
        </Text>
        <HStack gap="3" wrap="wrap" align="end">
          <Field.Root maxW="44">
            <Field.Label fontSize="sm">{t('coachBoard.date')}</Field.Label>
            <Input
              size="sm"
              type="date"
              value={date}
              max={today}
              onChange={(e) => {
                if (DAY.test(e.currentTarget.value)) update({ date: e.currentTarget.value }, true, 'push')
              }}
            />
          </Field.Root>
          {several || teamId ? (
            <Box minW="56">
              <LookupNativeSelect
                kind="teams"
                label={t('coachBoard.team')}
                emptyLabel={t('coachBoard.allTeams')}
                value={teamId}
                onChange={(v) => update({ team: v }, true, 'push')}
              />
            </Box>
          ) : null}
        </HStack>
        <QueryState query={query} empty={t('coachBoard.noTeams')} isEmpty={(d) => d.teams.length === 0} skeleton="80">
          {(data) => data.teams.map((team) => <TeamBoard key={team.id} board={data} team={team} />)}
        </QueryState>
      </Stack>
    </Page>
  )
}

/** The team's order-per-hour targets in a line (and whether they are the office's), or that it has none. */
function targetsLine(targets: CoachTeam['targets'], t: TFunction, lang: FormatLanguage) {
  if (!targets) return t('coachBoard.noTargets')
  const from = targets.from === 'office' ? ` (${t('coachBoard.fromOffice')})` : ''
  return `${t('coachBoard.targets')}${from}: ${t('coachBoard.targetsOf', {
    l1g: formatOph(targets.values.level1Gold, lang),
    l1p: formatOph(targets.values.level1Platinum, lang),
    l2g: formatOph(targets.values.level2Gold, lang),
    l2p: formatOph(targets.values.level2Platinum, lang),
  })}`
}

function TeamBoard({ board, team }: { board: CoachDashboard; team: CoachTeam }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const wide = useMediaQuery('(min-width: 62rem)')
  const mayOpenSales = ability.can('view', 'sale_reports')
  const mayOpenHours = ability.can('view', 'time_reports')
  const salesLink = (period: Period, narrow: { teamId?: string; sellerId?: string }, text: string) =>
    mayOpenSales ? (
      <FigureLink to={href('/backoffice/salereports', { status: EARNING_STATUSES.join(','), ...board.periods[period], ...narrow })}>{text}</FigureLink>
    ) : (
      text
    )
  const hoursLink = (narrow: { teamId?: string; userId?: string }, text: string) =>
    mayOpenHours ? <FigureLink to={href('/backoffice/timereports', { month: board.date.slice(0, 7), ...narrow })}>{text}</FigureLink> : text
  const oph = (value: number | null) => (value === null ? '–' : formatOph(Math.round(value * 100), lang))
  const targets = team.targets
  return (
    <SectionCard title={team.name} data-testid="coach-team" data-team={team.name} subtitle={targetsLine(team.targets, t, lang)}>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {PERIODS.map((period) => {
            const f = team.figures[period]
            return (
              <Box key={period} borderWidth="1px" rounded="md" p="3" data-testid={`team-${period}`}>
                <Text fontWeight="semibold" mb="2">
                  {t(`coachBoard.${period}`)}
                </Text>
                <SimpleGrid columns={2} gapX="3" gapY="1" fontSize="sm">
                  <Text color="fg.muted">{t('coachBoard.sales')}</Text>
                  <Text textAlign="end" data-testid="figure-sales">
                    {salesLink(period, { teamId: team.id }, String(f.sales))}
                  </Text>
                  <Text color="fg.muted">{t('coachBoard.orderValue')}</Text>
                  <Text textAlign="end">{salesLink(period, { teamId: team.id }, formatOre(f.orderValueOre, lang))}</Text>
                  <Text color="fg.muted">{t('coachBoard.hours')}</Text>
                  <Text textAlign="end">{hoursLink({ teamId: team.id }, formatDecimal(f.hours, lang))}</Text>
                  <Text color="fg.muted">{t('coachBoard.oph')}</Text>
                  <Text textAlign="end" fontWeight="semibold">
                    {oph(f.oph)}
                  </Text>
                </SimpleGrid>
                {targets ? <OphBadges figures={f} team={team} /> : null}
              </Box>
            )
          })}
        </SimpleGrid>
        {team.sellers.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('coachBoard.noSellers')}
          </Text>
        ) : wide ? (
          <RecordTable<CoachSellerRow>
            bordered
            label={team.name}
            rows={team.sellers}
            rowKey={(s) => s.id}
            rowTestId="coach-seller-row"
            columns={[
              { header: t('coachBoard.seller'), cell: (s) => <SellerName board={board} seller={s} /> },
              ...PERIODS.map((period): RecordColumn<CoachSellerRow> => ({
                header: t(`coachBoard.${period}`),
                end: true,
                cell: (s) => (
                  <>
                    {salesLink(period, { sellerId: s.id }, String(s.figures[period].sales))}
                    <Text fontSize="xs" color="fg.muted">
                      {formatOre(s.figures[period].orderValueOre, lang)}
                    </Text>
                  </>
                ),
              })),
              {
                header: t('coachBoard.oph'),
                end: true,
                cell: (s) => (
                  <>
                    {oph(s.figures.month.oph)}
                    <Text fontSize="xs" color="fg.muted">
                      {hoursLink({ userId: s.id }, `${formatDecimal(s.figures.month.hours, lang)} h`)}
                    </Text>
                  </>
                ),
              },
              { header: t('coachBoard.budget'), cell: (s) => <Budget seller={s} /> },
              { header: t('coachBoard.quality'), cell: (s) => <Quality board={board} seller={s} /> },
            ]}
          />
        ) : (
          <Stack gap="0" borderWidth="1px" rounded="md">
            {team.sellers.map((s, i) => (
              <Stack key={s.id} gap="2" p="3" borderTopWidth={i === 0 ? undefined : '1px'} data-testid="coach-seller-row">
                <SellerName board={board} seller={s} />
                <SimpleGrid columns={3} gap="2" fontSize="sm">
                  {PERIODS.map((period) => (
                    <Stack key={period} gap="0">
                      <Text fontSize="xs" color="fg.muted">
                        {t(`coachBoard.${period}`)}
                      </Text>
                      <Text>{salesLink(period, { sellerId: s.id }, String(s.figures[period].sales))}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatOre(s.figures[period].orderValueOre, lang)}
                      </Text>
                    </Stack>
                  ))}
                </SimpleGrid>
                <Text fontSize="sm">
                  {t('coachBoard.oph')}: {oph(s.figures.month.oph)} · {hoursLink({ userId: s.id }, `${formatDecimal(s.figures.month.hours, lang)} h`)}
                </Text>
                <Budget seller={s} />
                <Quality board={board} seller={s} />
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  )
}

/** The seller's name (opening their own figures) and how their day stands: checked out, sick. */
function SellerName({ board, seller }: { board: CoachDashboard; seller: CoachSellerRow }) {
  const { t } = useTranslation()
  return (
    <HStack gap="2" wrap="wrap">
      <Link asChild fontWeight="medium" aria-label={t('coachBoard.openSeller', { name: seller.name })}>
        <RouterLink to={href('/dashboards/sales/orders', { seller: seller.id, from: board.periods.month.from, to: board.date })}>{seller.name}</RouterLink>
      </Link>
      {seller.sick ? (
        <Badge size="sm" colorPalette="red">
          {t('coachBoard.sick')}
        </Badge>
      ) : null}
      <Badge size="sm" colorPalette={seller.checkedOut ? 'green' : 'gray'} variant="subtle">
        {t(seller.checkedOut ? 'coachBoard.checkedOut' : 'coachBoard.notCheckedOut')}
      </Badge>
    </HStack>
  )
}

function Budget({ seller }: { seller: CoachSellerRow }) {
  const { t, lang } = useLanguage()
  if (!seller.budget)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('coachBoard.noBudget')}
      </Text>
    )
  return (
    <Stack gap="0" fontSize="sm">
      <Text>{t('coachBoard.budgetOf', { percent: seller.budget.percent, amount: formatOre(seller.budget.amountOre, lang) })}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t('coachBoard.prediction', { amount: formatOre(seller.budget.predictionOre, lang) })}
      </Text>
    </Stack>
  )
}

function Quality({ board, seller }: { board: CoachDashboard; seller: CoachSellerRow }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const q = seller.quality
  const surveys = href('/backoffice/salequality/surveys', { seller: seller.id, from: board.periods.month.from, to: board.date })
  const mayOpen = ability.can('view', 'sale_quality_surveys')
  // Two links one above the other: apart enough to be told apart by a finger (WCAG 2.2, 2.5.8 target size).
  return (
    <Stack gap="1.5" fontSize="sm">
      <Text>
        {q.averageGrade ? `${t('coachBoard.grade', { grade: q.averageGrade })} · ` : ''}
        {mayOpen && q.surveys > 0 ? (
          <FigureLink to={`${surveys}&status=answered`}>{t('coachBoard.surveys', { count: q.surveys })}</FigureLink>
        ) : (
          t('coachBoard.surveys', { count: q.surveys })
        )}
      </Text>
      {q.regret > 0 ? (
        <Text fontSize="xs" color="fg.error">
          {mayOpen ? (
            <FigureLink to={`${surveys}&status=regret`}>{t('coachBoard.regrets', { count: q.regret })}</FigureLink>
          ) : (
            t('coachBoard.regrets', { count: q.regret })
          )}
        </Text>
      ) : null}
    </Stack>
  )
}

/** The class the period's orders per hour reach on each level of the team's targets. */
function OphBadges({ figures, team }: { figures: PeriodFigures; team: CoachTeam }) {
  const { t } = useTranslation()
  const reached = ophClasses(figures.oph, team.targets!.values)
  return (
    <HStack gap="2" mt="2" wrap="wrap">
      {([1, 2] as const).map((level) => {
        const c = reached[`level${level}`]
        return (
          <Badge key={level} size="sm" variant={c ? 'solid' : 'outline'} colorPalette={c === 'platinum' ? 'purple' : c === 'gold' ? 'yellow' : 'gray'}>
            {t('coachBoard.level', { level })}: {c ? t(`coachBoard.${c}`) : t('coachBoard.below')}
          </Badge>
        )
      })}
    </HStack>
  )
}
