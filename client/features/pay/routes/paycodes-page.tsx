import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { businessMonth, previousMonth } from '../../../../shared/rules/work'
import { Page } from '../../../components/ui/page'
import { CodesPanel } from '../components/codes-panel'
import { ExtraIncomePanel } from '../components/extra-income-panel'
import { PayrollPanel } from '../components/payroll-panel'
import { useUrlParams } from '../../../lib/use-url-params'
import { AddressTabs, useAddressTab } from '../../../components/ui/address-tabs'

const TABS = ['codes', 'extra', 'payroll'] as const
/** The month the extra income and the payroll tabs share. */
const SHARED = ['month']

/**
 * /backoffice/paycodes: pay leaves the system from here. The codes of the payroll system for each pay item, extra
 * income per seller and month, and the payroll export of an attested month (PAXml 2.0 or CSV), each a tab.
 */
export default function PaycodesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useUrlParams()
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const { tab } = useAddressTab(TABS, SHARED)
  // Payroll is run for a month that has ended: its tab opens on last month.
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : tab === 'payroll' ? previousMonth(thisMonth) : thisMonth
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
      <AddressTabs
        tabs={TABS}
        shared={SHARED}
        label={(k) => t(`pay.paycodes.tabs.${k}`)}
        panels={{
          codes: <CodesPanel />,
          extra: <ExtraIncomePanel month={month} onMonth={setMonth} />,
          payroll: <PayrollPanel month={month} onMonth={setMonth} />,
        }}
      />
    </Page>
  )
}
