import type { Shape } from '../namespaces'
import type { svCustomers } from '../sv/customers'

/** The `customers` namespace in English: the customer register. */
export const enCustomers = {
  catalog: {
    customers: {
      csvFile: 'customers.csv',
      notFound: 'The customer does not exist.',
      private: 'Private',
      company: 'Company',
      number: 'Identity / organisation number',
      phone: 'Phone',
      email: 'E-mail',
      address: 'Address',
      postalCode: 'Postal code',
      city: 'City',
      note: 'Note',
      lastSale: 'Latest sale',
      firstSale: 'Customer since',
      companyName: 'Company',
      editTitle: 'Edit customer',
      editHelp: "The contact details follow the customer's latest sale; a new sale overwrites them.",
      saved: 'The customer was saved.',
      sales: 'Sales',
      salesShown_one: 'The latest one you may see',
      salesShown_other: 'The latest {{count}} you may see',
      salesColumns: { soldAt: 'Sold', provider: 'Provider', seller: 'Seller', orderValue: 'Order value', status: 'Status' },
      noSales: 'No sales you may see.',
      searchHint: 'Name, company, e-mail, phone, city or the whole identity/organisation number',
      allTypes: 'All customers',
    },
  },
} satisfies Shape<typeof svCustomers>
