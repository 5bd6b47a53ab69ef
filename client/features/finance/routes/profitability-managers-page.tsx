import { ProfitabilityPage } from '../components/profitability-page'

/** /backoffice/finance/profitability-managers (docs/decisions/051). */
export default function ProfitabilityManagersPage() {
  return <ProfitabilityPage view="managers" />
}
