import { useTranslation } from 'react-i18next'
import { Page } from '../../../components/ui/page'
import { BadgesPanel } from '../components/admin-badges'
import { CoinsPanel } from '../components/admin-coins'
import { CompetitionsPanel } from '../components/admin-competitions'
import { LevelsPanel } from '../components/admin-levels'
import { PurchasesPanel } from '../components/admin-purchases'
import { RewardsPanel } from '../components/admin-rewards'
import { AddressTabs } from '../../../components/ui/address-tabs'

const TABS = ['purchases', 'rewards', 'competitions', 'badges', 'levels', 'coins'] as const

/**
 * /sales-flow/admin (view salesflow_admin, docs/decisions/052): purchases to decide, the rewards and their stock,
 * the levels, and coin adjustments with a reason. Each change is versioned and in the activity log.
 */
export default function GameAdminPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('routes.sales-flow-admin')} subtitle={t('game.admin.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      <AddressTabs
        tabs={TABS}
        label={(k) => t(`game.admin.tabs.${k}`)}
        testIdPrefix="game-admin-tab"
        panels={{
          purchases: <PurchasesPanel />,
          rewards: <RewardsPanel />,
          competitions: <CompetitionsPanel />,
          badges: <BadgesPanel />,
          levels: <LevelsPanel />,
          coins: <CoinsPanel />,
        }}
      />
    </Page>
  )
}
