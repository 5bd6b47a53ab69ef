import { Badge, Button, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../../shared/format'
import type { SickPeriodRow } from '../../../../shared/schemas/time-reports'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { listSick } from '../api/time-reports-api'
import { QueryTable } from '../../../components/ui/record-table'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { timeReportsKeys } from '../api/time-reports-keys'
import { FilterChips } from '../../../components/ui/list-filters'
import { useLanguage } from '../../../lib/use-language'

const STATES = ['sick', 'returned', 'all'] as const
const WINDOWS = [7, 30, 90] as const

/**
 * /backoffice/sicknotices: who is sick today (the longest first) and how long, and who has come back; the Swedish
 * rules shown where they apply — a medical certificate from day 8, a sickness within 5 days continuing the period.
 * A seller's sick notice shows here as soon as it reaches the server.
 */
export default function SickNoticesPage() {
  const { t, lang } = useLanguage()
  const [params, setParams] = useUrlParams()
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as (typeof STATES)[number]) : 'sick'
  const days = (WINDOWS as readonly number[]).includes(Number(params.get('days'))) ? Number(params.get('days')) : 30
  const teamId = params.get('teamId') || undefined
  const officeId = params.get('officeId') || undefined
  const set = (key: string, value: string | undefined) => setParams((current) => withParams(current, { [key]: value }), { replace: true })
  const list = useQuery({
    queryKey: timeReportsKeys.sick(state, days, teamId, officeId),
    queryFn: ({ signal }) => listSick({ state, days, teamId, officeId }, signal),
    refetchInterval: 60_000,
  })
  return (
    <Page title={t('routes.backoffice-sicknotices')} subtitle={t('pay.sick.intro')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Stack gap="3">
        <FilterChips
          label={t('pay.sick.status')}
          values={STATES}
          on={(s) => state === s}
          onToggle={(s) => set('state', s === 'sick' ? undefined : s)}
          text={(s) => t(`pay.sick.states.${s}`)}
        />
        {state !== 'sick' ? (
          <HStack wrap="wrap" gap="2">
            {WINDOWS.map((w) => (
              <Button
                key={w}
                size="xs"
                variant={days === w ? 'subtle' : 'ghost'}
                aria-pressed={days === w}
                onClick={() => set('days', w === 30 ? undefined : String(w))}
              >
                {t('pay.sick.within', { days: w })}
              </Button>
            ))}
          </HStack>
        ) : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" maxW="3xl">
          <LookupNativeSelect kind="offices" within="sicknotices" label={t('pay.office')} value={officeId} onChange={(id) => set('officeId', id)} />
          <LookupNativeSelect kind="teams" label={t('pay.team')} value={teamId} parentId={officeId} onChange={(id) => set('teamId', id)} />
        </SimpleGrid>
        <QueryTable<SickPeriodRow>
          query={list}
          empty={state === 'returned' ? t('pay.sick.emptyReturned', { days }) : t('pay.sick.empty')}
          emptyTestId="sick-empty"
          rowKey={(r) => `${r.userId}-${r.start}`}
          testId="sick-table"
          rowTestId="sick-row"
          columns={[
            {
              header: t('pay.seller'),
              cell: (r) => (
                <>
                  <Text fontWeight="medium">{r.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {r.teamName ?? ''}
                    {r.phone ? (
                      <>
                        {' · '}
                        <Link href={`tel:${r.phone}`} aria-label={`${t('pay.sick.phone')} ${r.phone}`}>
                          {r.phone}
                        </Link>
                      </>
                    ) : null}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" hideFrom="sm">
                    {formatDate(r.start, lang)}
                  </Text>
                </>
              ),
            },
            { header: t('pay.sick.firstDay'), cell: (r) => formatDate(r.start, lang), hideBelow: 'sm' },
            { header: t('pay.sick.days'), cell: (r) => t('pay.sick.dayCount', { count: r.days }), end: true },
            { header: t('pay.sick.status'), cell: (r) => <SickStatus notice={r} /> },
            { header: t('pay.sick.message'), cell: (r) => r.message ?? '–', hideBelow: 'md' },
          ]}
        />
      </Stack>
    </Page>
  )
}

/** A notice's state: still sick or back (and when), the certificate the rules ask for, a sickness that continues one. */
function SickStatus({ notice: r }: { notice: SickPeriodRow }) {
  const { t } = useLanguage()
  return (
    <Stack gap="1" align="start">
      {r.end === null ? (
        <Badge colorPalette="orange" variant="subtle">
          {t('pay.sick.stillSick')}
        </Badge>
      ) : (
        <Badge colorPalette="green" variant="subtle">
          {t('pay.sick.returnedOn', { date: r.returnedOn ?? r.end })}
        </Badge>
      )}
      {r.certificateFrom ? (
        <Text fontSize="xs" color="fg.warning" data-testid="sick-certificate">
          {t('pay.sick.certificate', { date: r.certificateFrom })}
        </Text>
      ) : null}
      {r.continued ? (
        <Text fontSize="xs" color="fg.muted">
          {t('pay.sick.continued')}
        </Text>
      ) : null}
    </Stack>
  )
}
