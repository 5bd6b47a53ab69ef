/**
 * What the deviation list's free text searches (docs/decisions/024): the sale's customer name, company and order
 * number, lower-cased once when written, so a search compares the pattern with the column as it stands.
 */
export function searchTextOf(sale: { customerName: string; companyName: string | null; externalOrderNumber: string | null }): string {
  return `${sale.customerName} ${sale.companyName ?? ''} ${sale.externalOrderNumber ?? ''}`.toLowerCase()
}
