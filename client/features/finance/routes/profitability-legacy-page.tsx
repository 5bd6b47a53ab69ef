import { ProfitabilityPage } from '../components/profitability-page'

/** /backoffice/finance/profitability-legacy (docs/decisions/051). */
export default function ProfitabilityLegacyPage() {
  return <ProfitabilityPage view="legacy" />
}
