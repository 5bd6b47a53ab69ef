import { ProfitabilityPage } from '../components/profitability-page'

/** /backoffice/finance/profitability-sellers (docs/decisions/051). */
export default function ProfitabilitySellersPage() {
  return <ProfitabilityPage view="sellers" />
}
