import { Box, Button, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { periodPreset } from '../../../../shared/rules/work'
import { qualityStatsFilterSchema, type QualityStatsFilter } from '../../../../shared/schemas/quality'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { PeriodFields, usePeriodFilter } from '../../../components/ui/period-fields'
import { OrgFilters } from '../../../components/ui/list-filters'

const SCREENS = ['all', 'grades', 'monthly', 'sellers'] as const
export type StatsScreen = (typeof SCREENS)[number]
const PRESETS = ['last12', 'thisYear', 'lastYear', 'thisMonth', 'lastMonth'] as const
type Preset = (typeof PRESETS)[number]

/** A preset's first and last day, counted from today in Stockholm. */
const presetPeriod = (preset: Preset, today: string) => periodPreset(preset, today)

/**
 * The filter of the statistics screens, kept in the address (a link or the back button brings the same figures):
 * the period (the last 12 months unless chosen), office, team, seller and provider. `problems` names what is wrong
 * with a period typed by hand, as the server would; nothing is asked until it is right.
 */
export function useStatsFilter() {
  const { filter, problems, fields } = usePeriodFilter<QualityStatsFilter>(qualityStatsFilterSchema, (today) => presetPeriod('last12', today), {
    officeId: 'office',
    teamId: 'team',
    sellerId: 'seller',
    providerId: 'provider',
  })
  // Built on the latest change even before it is drawn (two fields filled in quick succession both count).
  const { update } = useListQuery()
  const set = (changes: Record<string, string | undefined>) => update(changes, true, 'push')
  return { filter, problems, set, fields }
}

/** The link to the surveys behind a figure: the statistics' filter and the figure's own narrowing. */
export function surveysHref(filter: QualityStatsFilter, narrow: Record<string, string | undefined>): string {
  const q = new URLSearchParams()
  const all: Record<string, string | undefined> = {
    from: filter.from,
    to: filter.to,
    office: filter.officeId,
    team: filter.teamId,
    seller: filter.sellerId,
    provider: filter.providerId,
    ...narrow,
  }
  for (const [k, v] of Object.entries(all)) if (v) q.set(k, v)
  return `/backoffice/salequality/surveys?${q.toString()}`
}

/** The frame of the four statistics screens: the title, the tabs between them and the filter. */
export function StatsShell(props: { screen: StatsScreen; children: (filter: QualityStatsFilter) => ReactNode }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const navigate = useNavigate()
  const location = useLocation()
  const { filter, problems, set, fields } = useStatsFilter()
  // On a phone the filters beyond the period are folded until asked for.
  const [more, setMore] = useState(false)
  // The place, person and provider filters fold behind "more filters" on a phone.
  const folded = { alignSelf: 'end', display: { base: more ? 'block' : 'none', sm: 'block' } } as const
  const narrowedBy = [filter.officeId, filter.teamId, filter.sellerId, filter.providerId].filter(Boolean).length
  const keep = new URLSearchParams(location.search)
  keep.delete('page')
  keep.delete('sortBy')
  keep.delete('orderBy')
  return (
    <Page title={t(`routes.backoffice-salequality-statistics-${props.screen}`)} breadcrumbs={[{ label: t('nav.groups.saleQuality') }]}>
      <Tabs.Root
        value={props.screen}
        onValueChange={(e) => void navigate(`/backoffice/salequality/statistics/${e.value}?${keep.toString()}`)}
        variant="line"
        size="sm"
      >
        <Tabs.List overflowX="auto" data-testid="stats-tabs">
          {SCREENS.map((s) => (
            <Tabs.Trigger key={s} value={s} whiteSpace="nowrap">
              {t(`quality.stats.tab.${s}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Each tab controls its panel: the current screen's is the page, the others' are empty until chosen. */}
        {SCREENS.filter((s) => s !== props.screen).map((s) => (
          <Tabs.Content key={s} value={s} />
        ))}
        <Tabs.Content value={props.screen} pt="5">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="stats-filter">
              <PeriodFields {...fields} presets={PRESETS} onChange={set} presetTestId="stats-preset" />
              <Button size="sm" variant="outline" hideFrom="sm" onClick={() => setMore((x) => !x)} aria-expanded={more} data-testid="stats-more-filters">
                {more ? t('quality.stats.fewerFilters') : `${t('quality.stats.moreFilters')}${narrowedBy ? ` (${narrowedBy})` : ''}`}
              </Button>
              <OrgFilters
                within="sale_reports"
                cell={folded}
                teams="select"
                sellersOfTeam
                office={{
                  label: t('quality.stats.office'),
                  all: t('quality.stats.allOffices'),
                  value: filter.officeId,
                  onChange: (v) => set({ office: v, team: undefined, seller: undefined }),
                }}
                team={{
                  label: t('quality.stats.team'),
                  all: t('quality.stats.allTeams'),
                  value: filter.teamId,
                  onChange: (v) => set({ team: v, seller: undefined }),
                }}
                seller={{ label: t('quality.stats.seller'), all: t('quality.stats.allSellers'), value: filter.sellerId, onChange: (v) => set({ seller: v }) }}
              />
              {ability.can('view', 'providers') ? (
                <Box {...folded}>
                  <LookupNativeSelect
                    kind="providers"
                    label={t('quality.stats.provider')}
                    emptyLabel={t('quality.stats.allProviders')}
                    value={filter.providerId}
                    onChange={(v) => set({ provider: v })}
                  />
                </Box>
              ) : null}
            </SimpleGrid>
            {problems ? (
              <Text color="fg.error" fontSize="sm" data-testid="stats-filter-problem">
                {t('quality.stats.fixPeriod')}
              </Text>
            ) : (
              props.children(filter)
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  )
}
