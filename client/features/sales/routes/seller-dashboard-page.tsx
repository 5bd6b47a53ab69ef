import { Button, Card, Grid, HStack, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { CheckIcon } from '../../../components/ui/icons'
import { memo, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatOre } from '../../../../shared/format'
import { budgetView } from '../../../../shared/rules/earnings'
import { addDays, businessDay, businessDayStart, workingDaysOf } from '../../../../shared/rules/work'
import { Page } from '../../../components/ui/page'
import { takeHomeSnapshot, takeOverHomeSnapshot } from '../../../lib/home-snapshot'
import { useAbility, useUserData } from '../../../lib/session'
import { syncStateText, useSyncStatus } from '../../../lib/sync'
import type { SyncEngine } from '../../../lib/sync-engine'
import { useSellerStore, useToday } from '../../../lib/device-store'
import { useMonthData, type MonthData } from '../api/seller-store'
import { Figure } from '../../../components/ui/figure'
import { RunsCard } from '../components/runs-card'
import { DoorCard } from '../components/door-card'
import type { OfflineDb } from '../../../lib/offline-db'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { ThumbDock, useThumbDock } from '../../../components/ui/thumb-dock'

/** The seller's home: today, this month, the budget view, the next field runs and the sync state, from the device. */
export default function SellerDashboardPage() {
  const { db, engine } = useSellerStore()
  const { today, month } = useToday()
  // One query for the whole screen: one redraw when the device store answers or changes, not three.
  const live = useMonthData(db, month, today)
  // The store's answer is drawn as a transition, in slices, so a slow phone's main thread is not held for the
  // whole redraw (the screen below is memoised: the urgent pass only reaches this component).
  const data = useDeferredValue(live)
  return <SellerDashboard data={data} db={db} engine={engine} today={today} month={month} />
}

const SellerDashboard = memo(function SellerDashboard({
  data,
  db,
  engine,
  today,
  month,
}: {
  data: MonthData | undefined
  db: OfflineDb
  engine: SyncEngine
  today: string
  month: string
}) {
  const { t, lang } = useLanguage()
  const user = useUserData()
  const ability = useAbility()
  const canSell = ability.can('create', 'sales')
  const canReportTime = ability.can('create', 'time_reports')
  const { monthSales, budget, checkedOut } = data ?? {}

  // Until the device store answers, the figures show placeholders (not a misleading 0 or "no budget").
  const loaded = monthSales !== undefined
  useMarkReady(loaded)
  const counted = (monthSales ?? []).filter((s) => s.sync !== 'rejected' && s.status !== 'regret' && s.status !== 'deviation' && s.status !== 'absence')
  const todays = counted.filter((s) => s.sellDate === today)
  const sum = (list: typeof counted) => list.reduce((acc, s) => acc + s.orderValueOre, 0)
  const view = budget ? budgetView(sum(counted), budget.amountOre, workingDaysOf(month), today) : null
  const firstName = user?.fullName.split(' ')[0] ?? ''
  // The door's outcomes as a sheet from the bottom edge, opened from the thumb dock (field mode on a phone).
  const [doorSheet, setDoorSheet] = useState(false)

  return (
    <Page title={t('routes.dashboards-sales-seller')} subtitle={t('sellerDashboard.hello', { name: firstName })}>
      <SellerActions canSell={canSell} canReportTime={canReportTime} checkedOut={!!checkedOut} onDoor={() => setDoorSheet(true)} />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SectionCard title={t('sellerDashboard.today')}>
          <SimpleGrid columns={2} gap="3">
            <Figure label={t('sellerDashboard.sales')} value={loaded ? String(todays.length) : undefined} testId="today-sales" />
            <Figure label={t('sales.orderValue')} value={loaded ? formatOre(sum(todays), lang) : undefined} testId="today-value" />
          </SimpleGrid>
          {checkedOut ? (
            <Text mt="3" fontSize="sm" color="fg.muted">
              {t('checkout.doneTitle')}
            </Text>
          ) : null}
        </SectionCard>
        <SectionCard title={t('sellerDashboard.month')}>
          <SimpleGrid columns={2} gap="3">
            <Figure label={t('sellerDashboard.sales')} value={loaded ? String(counted.length) : undefined} testId="month-sales" />
            <Figure label={t('sales.orderValue')} value={loaded ? formatOre(sum(counted), lang) : undefined} />
          </SimpleGrid>
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t('sellerDashboard.budget')}>
        {!loaded ? (
          // the budget view's own shape, so nothing moves when it arrives
          <Stack gap="4" aria-busy="true">
            <Skeleton height="11" />
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              {(['current', 'budgetLeft', 'budgetTotal', 'prediction'] as const).map((key) => (
                <Figure key={key} label={t(`sellerDashboard.${key}`)} value={undefined} />
              ))}
            </SimpleGrid>
            <Skeleton height="4" />
          </Stack>
        ) : view ? (
          <Stack gap="4">
            <Progress.Root value={Math.min(100, view.percent)} colorPalette={view.percent >= 100 ? 'green' : 'brand'} size="lg">
              <HStack justify="space-between">
                <Progress.Label>{t('sellerDashboard.percent', { percent: view.percent })}</Progress.Label>
                <Progress.ValueText>{formatOre(view.currentOre, lang)}</Progress.ValueText>
              </HStack>
              <Progress.Track mt="2">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              <Figure label={t('sellerDashboard.current')} value={formatOre(view.currentOre, lang)} />
              <Figure label={t('sellerDashboard.budgetLeft')} value={formatOre(view.remainingOre, lang)} />
              <Figure label={t('sellerDashboard.budgetTotal')} value={formatOre(view.budgetOre, lang)} />
              <Figure label={t('sellerDashboard.prediction')} value={formatOre(view.predictionOre, lang)} />
            </SimpleGrid>
            <Text fontSize="xs" color="fg.muted">
              {t('sellerDashboard.predictionNote', { count: view.workingDaysLeft, total: view.workingDays })}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('sellerDashboard.noBudget')}</Text>
        )}
      </SectionCard>

      {/* Below the figures, so the screen does not move when the runs arrive from the store. */}
      <RunsCard db={db} today={today} />
      {canSell ? <DoorCard db={db} engine={engine} sheet={{ open: doorSheet, onClose: () => setDoorSheet(false) }} /> : null}
      <SyncCard engine={engine} />
    </Page>
  )
})

/**
 * The moment the home first shows the device's figures, as a User Timing mark (`seller-home-ready`) on the page's
 * clock: what bench:field measures a start by (issue 78), and what a profile of a slow phone shows.
 */
const HOME_READY = 'seller-home-ready'
function useMarkReady(loaded: boolean) {
  const navigate = useNavigate()
  const user = useUserData()
  // In the commit that shows the figures: the picture shown at start gives way to this home in the same frame, and a
  // tap made on it is carried out here (decision 092).
  useLayoutEffect(() => {
    if (!loaded) return
    if (performance.getEntriesByName(HOME_READY).length === 0) performance.mark(HOME_READY)
    takeOverHomeSnapshot((to) => void navigate(to))
  }, [loaded, navigate])
  // The picture for the next start: once the home is drawn and the page is idle, and again whenever the page is hidden
  // (the figures may have changed since). A seller's day starts at `/`, which leads here.
  useEffect(() => {
    if (!loaded || !user) return
    const paths = [window.location.pathname, ...(user.role === 'seller' ? ['/'] : [])]
    // Its figures are today's: it is shown until the next business day starts.
    const take = () => void takeHomeSnapshot(user.id, paths, businessDayStart(addDays(businessDay(Date.now()), 1)))
    const idle = window.requestIdleCallback ? window.requestIdleCallback(take, { timeout: 3000 }) : window.setTimeout(take, 1000)
    const onHidden = () => {
      if (document.visibilityState === 'hidden') take()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', take)
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', take)
    }
  }, [loaded, user])
}

/**
 * Only the actions this user may take (an admin or a coach opening the page sees the figures alone). On a phone the main
 * action takes the whole row and the others share the next one (no button left alone on a line); wider, they stand side
 * by side. After the day's checkout neither selling nor checking out is on offer. In field mode on a phone, a new sale, a
 * door and the checkout dock at the bottom edge (docs/decisions/089); the time report stays in the page.
 */
function SellerActions({ canSell, canReportTime, checkedOut, onDoor }: { canSell: boolean; canReportTime: boolean; checkedOut: boolean; onDoor: () => void }) {
  const { t } = useLanguage()
  const dock = useThumbDock()
  if (!canSell && !canReportTime) return null
  const newSale = checkedOut ? (
    <Button colorPalette="brand" size="lg" disabled gridColumn={dock ? undefined : { base: '1 / -1', sm: 'auto' }}>
      {t('routes.sales-create')}
    </Button>
  ) : (
    <Button asChild colorPalette="brand" size="lg" gridColumn={dock ? undefined : { base: '1 / -1', sm: 'auto' }}>
      <Link to="/sales/create">{t('routes.sales-create')}</Link>
    </Button>
  )
  const checkout = checkedOut ? (
    <Button variant="outline" size="lg" disabled>
      <CheckIcon size={18} /> {t('checkout.doneTitle')}
    </Button>
  ) : (
    <Button asChild variant="outline" size="lg">
      <Link to="/sales/daily-checkout">{t('routes.sales-daily-checkout')}</Link>
    </Button>
  )
  const timeReport = canReportTime ? (
    <Button asChild variant={canSell ? 'outline' : 'ghost'} size="lg" gridColumn={canSell && !dock ? undefined : { base: '1 / -1', sm: 'auto' }}>
      <Link to="/sales/time-report">{t('routes.sales-time-report')}</Link>
    </Button>
  ) : null
  if (dock && canSell)
    return (
      <>
        {timeReport}
        <ThumbDock testId="seller-actions">
          {newSale}
          <Button variant="outline" size="lg" onClick={onDoor} disabled={checkedOut} data-testid="dock-door">
            {t('doors.dock')}
          </Button>
          {checkout}
        </ThumbDock>
      </>
    )
  return (
    <Grid
      gap="3"
      templateColumns={{ base: '1fr 1fr', sm: 'repeat(3, max-content)' }}
      data-testid="seller-actions"
      data-checked-out={checkedOut ? 'true' : 'false'}
    >
      {canSell ? (
        <>
          {newSale}
          {checkout}
        </>
      ) : null}
      {timeReport}
    </Grid>
  )
}

/** The sync state line: its own component, so each change of the sync state redraws only this card. */
function SyncCard({ engine }: { engine: SyncEngine }) {
  const { t, lang } = useLanguage()
  const status = useSyncStatus(engine)
  return (
    <Card.Root size="sm">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap">
          <Text fontSize="sm">
            {syncStateText({ ...status, syncing: false }, t, lang)}
            {status.pending > 0 ? ` · ${t('syncStatus.waiting', { count: status.pending })}` : ''}
            {status.rejected > 0 ? ` · ${t('syncStatus.attention', { count: status.rejected })}` : ''}
          </Text>
          <Button asChild size="sm" variant="ghost">
            <Link to="/sales/sync">{t('routes.sales-sync')}</Link>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}
