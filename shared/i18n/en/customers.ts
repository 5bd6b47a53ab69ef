import type { Shape } from '../namespaces'
import type { svCustomers } from '../sv/customers'

/** The `customers` namespace in English: the customer register. */
export const enCustomers = {
  validation: {
    contactBlocks: {
      phoneOrIdentity: 'Give the phone number, the identity/organisation number or both',
      phone: 'The number cannot be a valid phone number',
      identity: 'The identity/organisation number is not valid',
    },
  },
  contactBlocks: {
    intro:
      'People and numbers who asked not to be contacted: at the door, on the phone, in a quality call or in writing. They are left out of new call lists, and a sale to them gets a warning in its log.',
    add: 'Add entry',
    phone: 'Phone number',
    identityNumber: 'Identity/organisation number',
    name: 'Name',
    source: 'How it was asked',
    sources: { door: 'At the door', call: 'On the phone', quality: 'In a quality call', customer: 'In writing from the customer', backoffice: 'Back office' },
    note: 'Note',
    country: 'The number’s country',
    createdAt: 'Recorded',
    createdBy: 'By',
    search: 'Search number or name',
    empty: 'The register is empty.',
    emptyFiltered: 'No entries match the search.',
    saved: 'The entry is recorded.',
    already: 'The number or person was already in the register.',
    remove: 'Remove the entry',
    removeTitle: 'Remove the entry?',
    removeReason: 'Why is the entry removed?',
    removed: 'The entry is removed.',
  },
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
