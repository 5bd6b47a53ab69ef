import { Tabs } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../components/ui/page'
import { BadgesPanel } from '../components/admin-badges'
import { CoinsPanel } from '../components/admin-coins'
import { CompetitionsPanel } from '../components/admin-competitions'
import { LevelsPanel } from '../components/admin-levels'
import { PurchasesPanel } from '../components/admin-purchases'
import { RewardsPanel } from '../components/admin-rewards'
import { useUrlParams } from '../../../lib/use-url-params'

const TABS = ['purchases', 'rewards', 'competitions', 'badges', 'levels', 'coins'] as const
type Tab = (typeof TABS)[number]

/**
 * /sales-flow/admin (view salesflow_admin, docs/decisions/052): purchases to decide, the rewards and their stock,
 * the levels, and coin adjustments with a reason. Each change is versioned and in the activity log.
 */
export default function GameAdminPage() {
  const { t } = useTranslation()
  const [params, setParams] = useUrlParams()
  const asked = params.get('tab')
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'purchases'
  return (
    <Page title={t('routes.sales-flow-admin')} subtitle={t('game.admin.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      <Tabs.Root value={tab} onValueChange={(e) => setParams({ tab: e.value }, { replace: true })} colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden">
          {TABS.map((x) => (
            <Tabs.Trigger key={x} value={x} data-testid={`game-admin-tab-${x}`} flexShrink={0}>
              {t(`game.admin.tabs.${x}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="purchases">
          <PurchasesPanel />
        </Tabs.Content>
        <Tabs.Content value="rewards">
          <RewardsPanel />
        </Tabs.Content>
        <Tabs.Content value="competitions">
          <CompetitionsPanel />
        </Tabs.Content>
        <Tabs.Content value="badges">
          <BadgesPanel />
        </Tabs.Content>
        <Tabs.Content value="levels">
          <LevelsPanel />
        </Tabs.Content>
        <Tabs.Content value="coins">
          <CoinsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  )
}
