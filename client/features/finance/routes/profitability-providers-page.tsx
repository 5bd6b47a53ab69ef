import { ProfitabilityPage } from '../components/profitability-page'

/** /backoffice/finance/profitability-providers (docs/decisions/051). */
export default function ProfitabilityProvidersPage() {
  return <ProfitabilityPage view="providers" />
}
