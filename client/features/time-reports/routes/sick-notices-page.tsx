import { Badge, Button, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../../shared/format'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { listSick } from '../api/time-reports-api'
import { LoadError } from '../../../components/ui/load-error'
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
  const items = list.data?.items ?? []
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
        {list.isPending ? (
          <Text color="fg.muted" aria-busy>
            …
          </Text>
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <Text color="fg.muted" data-testid="sick-empty">
            {state === 'returned' ? t('pay.sick.emptyReturned', { days }) : t('pay.sick.empty')}
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" data-testid="sick-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pay.seller')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="sm">{t('pay.sick.firstDay')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('pay.sick.days')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay.sick.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">{t('pay.sick.message')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((r) => (
                  <Table.Row key={`${r.userId}-${r.start}`} data-testid="sick-row">
                    <Table.Cell>
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
                    </Table.Cell>
                    <Table.Cell hideBelow="sm">{formatDate(r.start, lang)}</Table.Cell>
                    <Table.Cell textAlign="end">{t('pay.sick.dayCount', { count: r.days })}</Table.Cell>
                    <Table.Cell>
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
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{r.message ?? '–'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Page>
  )
}
