import { Tabs } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { businessMonth, previousMonth } from '../../../../shared/rules/work'
import { Page } from '../../../components/ui/page'
import { CodesPanel } from '../components/codes-panel'
import { ExtraIncomePanel } from '../components/extra-income-panel'
import { PayrollPanel } from '../components/payroll-panel'
import { useUrlParams } from '../../../lib/use-url-params'

const TABS = ['codes', 'extra', 'payroll'] as const
type Tab = (typeof TABS)[number]

/**
 * /backoffice/paycodes: pay leaves the system from here. The codes of the payroll system for each pay item, extra
 * income per seller and month, and the payroll export of an attested month (PAXml 2.0 or CSV), each a tab.
 */
export default function PaycodesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useUrlParams()
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'codes'
  // Payroll is run for a month that has ended: its tab opens on last month.
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : tab === 'payroll' ? previousMonth(thisMonth) : thisMonth
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams()
        if (next !== 'codes') out.set('tab', next)
        if (p.get('month')) out.set('month', p.get('month')!)
        return out
      },
      { replace: true },
    )
  const setMonth = (m: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p)
        out.set('month', m)
        out.delete('page')
        return out
      },
      { replace: true },
    )
  return (
    <Page title={t('routes.backoffice-paycodes')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size={{ base: 'sm', md: 'md' }} lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden">
          {TABS.map((k) => (
            <Tabs.Trigger key={k} value={k} whiteSpace="nowrap">
              {t(`pay.paycodes.tabs.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="codes">
          <CodesPanel />
        </Tabs.Content>
        <Tabs.Content value="extra">
          <ExtraIncomePanel month={month} onMonth={setMonth} />
        </Tabs.Content>
        <Tabs.Content value="payroll">
          <PayrollPanel month={month} onMonth={setMonth} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  )
}
