import type { Shape } from '../namespaces'
import type { svBackoffice } from '../sv/backoffice'

export const enBackoffice = {
  validation: {
    saleReport: {
      reasonRequired: 'Give a reason: the seller sees it',
      deviationTypeRequired: 'Choose what kind of deviation it is',
      deviationTypeOnlyForDeviation: 'A deviation type is given only for a deviation',
    },
  },
} satisfies Shape<typeof svBackoffice>
