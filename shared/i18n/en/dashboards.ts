import type { Shape } from '../namespaces'
import type { svDashboards } from '../sv/dashboards'

/** The `dashboards` namespace in English. */
export const enDashboards = {
  validation: {
    orderStats: {
      periodOrder: 'The end date cannot be before the start date',
      periodTooLong: 'Choose a period of at most two years',
    },
  },
  orderStats: {
    intro:
      'Sales that stand (finalised, approved, flagged and unanswered) sold in the period. Regrets, deviations and absence are not counted. Every figure opens the sale reports behind it.',
    period: 'Period',
    from: 'From',
    to: 'To',
    preset: {
      last30: 'Last 30 days',
      thisMonth: 'This month',
      lastMonth: 'Last month',
      thisYear: 'This year',
      last12: 'Last 12 months',
      custom: 'Custom period',
    },
    team: 'Team',
    allTeams: 'All teams',
    seller: 'Seller',
    allSellers: 'All sellers',
    sales: 'Sales',
    orderValue: 'Order value',
    quantity: 'Quantity',
    product: 'Product',
    noTeam: 'No team',
    day: 'Day',
    month: 'Month',
    byProduct: 'Order value and quantity by product',
    byTeam: 'Order value per team',
    overTime: 'Order value over time',
    empty: 'No standing sales in the period.',
    fixPeriod: 'Correct the period to see the figures.',
  },
} satisfies Shape<typeof svDashboards>
