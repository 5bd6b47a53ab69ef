import { ProfitabilityPage } from '../components/profitability-page'

/** /backoffice/finance/profitability-teams (docs/decisions/051). */
export default function ProfitabilityTeamsPage() {
  return <ProfitabilityPage view="teams" />
}
