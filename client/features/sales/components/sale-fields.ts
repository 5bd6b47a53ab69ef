/** The label of each field of a sale report that a correction or a move changes (its log, a deviation's changes). */
export const SALE_FIELD_LABELS: Record<string, string> = {
  status: 'saleReports.columns.status',
  customerSsn: 'saleReports.detail.ssn',
  customerName: 'saleReports.detail.customerName',
  companyName: 'saleReports.detail.company',
  orgNumber: 'deviations.detail.orgNumber',
  email: 'saleReports.detail.email',
  phone: 'saleReports.detail.phone',
  postalCode: 'deviations.detail.postalCode',
  city: 'deviations.detail.city',
  address: 'saleReports.detail.address',
  externalOrderNumber: 'saleReports.columns.orderNumber',
  message: 'saleReports.detail.message',
  products: 'saleReports.detail.lines',
  orderValueOre: 'saleReports.columns.orderValue',
}
