import SaleReportPage from '../../features/sales/routes/sale-report-page'
import { SaleOfferCard } from '../../features/offers/components/sale-offer-card'

/**
 * /backoffice/salereports/:id: the sale report with its written offer (docs/decisions/094). Features do not import
 * each other; the app puts the offers' card into the sales' page.
 */
export default function SaleReportScreen() {
  return <SaleReportPage offer={(saleId) => <SaleOfferCard saleId={saleId} />} />
}
