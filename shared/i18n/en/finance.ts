import type { Shape } from '../namespaces'
import type { svFinance } from '../sv/finance'

/** The `finance` namespace in English. */
export const enFinance = {
  validation: {
    finance: {
      periodOrder: 'The end date cannot be before the start date',
      periodTooLong: 'Choose a period of at most two years',
      payrollTax: 'Enter a percentage between 0 and 100 with at most two decimals',
    },
  },
  finance: {
    intro:
      'Sales that stand (finalized, approved, flagged and unanswered) sold in the period, reported hours and the sellers’ extra income. Every figure opens the rows behind it; the definitions are below the table.',
    office: 'Office',
    allOffices: 'All offices',
    unit: {
      sellers: 'Seller',
      teams: 'Team',
      managers: 'Manager and office',
      providers: 'Provider',
      legacy: 'Team',
    },
    noTeam: 'No team',
    noOffice: 'No office',
    noManager: 'No manager',
    metric: {
      sales: 'Sales',
      income: 'Income',
      variableCosts: 'Variable costs',
      tb: 'Contribution margin',
      tbPercent: 'Margin %',
      productivity: 'Productivity',
      nki: 'NKI',
      fte: 'FTE',
      hourlyCompensation: 'Hourly compensation',
      workHours: 'Hours',
    },
    perHour: '{{amount}}/h',
    answers_one: '{{count}} answer',
    answers_other: '{{count}} answers',
    sum_one: 'Total of {{count}} row',
    sum_other: 'Total of all {{count}} rows',
    sumTitle: 'The period’s total',
    empty: 'No sales or hours in the period.',
    definitions: 'How the figures are counted',
    def: {
      income: 'The commission the providers pay the company for the period’s sales that stand.',
      variableCosts: 'The sellers’ pay (commission and extra income) with employer’s contributions ({{rate}} %) plus the company’s own cost of the sales.',
      variableCostsLegacy:
        'The sellers’ commission plus the company’s own cost of the sales (the earlier calculation: without employer’s contributions and extra income).',
      tb: 'Contribution margin (TB): income less variable costs. Margin % is the margin as a share of income.',
      productivity: 'Contribution margin per reported work hour.',
      nki: 'Customer satisfaction index: the mean (0–100) of the answered quality surveys of the period’s sales, with the number of answers.',
      fte: 'Full-time equivalents: reported work hours divided by the period’s full-time hours ({{hours}} h, {{month}} h per whole month).',
      hourlyCompensation: 'The sellers’ pay (commission and extra income, before employer’s contributions) per reported work hour.',
      hourlyCompensationLegacy: 'The sellers’ commission per reported work hour.',
      extraIncome:
        'Extra income belongs to the seller’s month; a period counts the share of the month’s days it covers, and it belongs to the seller’s current team and office.',
      providers:
        'Hours are reported per seller and day, not per provider: FTE, productivity and hourly compensation are not shown here, and extra income is not counted.',
    },
    hoursByMonth: 'Time reports are shown by month: choose a period within one month to open them.',
    legacy: {
      intro: 'The earlier calculation, for the days before {{cutoff}}, so that old months read as they did.',
      clipped: 'The period is shown up to {{to}}: from {{cutoff}} the current calculation applies.',
      none: 'The whole period is from {{cutoff}} on, where the current calculation applies: see the other profitability views.',
    },
    settings: {
      title: 'The calculation’s settings',
      payrollTax: 'Employer’s contributions (%)',
      legacyCutoff: 'Current calculation applies from',
      save: 'Save settings',
      saved: 'The settings are saved',
      conflict: 'Someone else changed the settings while you were editing. This is how they are now; make your change again if it is still needed.',
      changed: 'Last changed {{at}} by {{by}}',
      defaults: 'Defaults (nobody has changed them)',
    },
  },
} satisfies Shape<typeof svFinance>
