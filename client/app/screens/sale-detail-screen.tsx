import SaleDetailPage from '../../features/sales/routes/sale-detail-page'
import { SaleOfferCard } from '../../features/offers/components/sale-offer-card'

/**
 * /sales/:id: the seller's sale with its written offer after a telesales call (docs/decisions/094), which the seller
 * sends once the call has ended. The offer needs the network; offline the sale shows as before.
 */
export default function SaleDetailScreen() {
  return <SaleDetailPage offer={(saleId) => <SaleOfferCard saleId={saleId} />} />
}
