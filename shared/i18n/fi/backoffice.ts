import type { Shape } from '../namespaces'
import type { svBackoffice } from '../sv/backoffice'

export const fiBackoffice = {
  validation: {
    saleReport: {
      reasonRequired: 'Anna syy: myyjä näkee sen',
      deviationTypeRequired: 'Valitse poikkeaman tyyppi',
      deviationTypeOnlyForDeviation: 'Poikkeaman tyyppi annetaan vain poikkeamalle',
    },
  },
} satisfies Shape<typeof svBackoffice>
