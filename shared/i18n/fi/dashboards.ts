import type { Shape } from '../namespaces'
import type { svDashboards } from '../sv/dashboards'

/** The `dashboards` namespace in Finnish. */
export const fiDashboards = {
  validation: {
    orderStats: {
      periodOrder: 'Loppupäivä ei voi olla ennen alkupäivää',
      periodTooLong: 'Valitse enintään kahden vuoden jakso',
    },
  },
  orderStats: {
    intro:
      'Voimassa olevat myynnit (valmiit, hyväksytyt, merkityt ja vastaamattomat), jotka on myyty jakson aikana. Peruutuksia, poikkeamia ja poissaoloja ei lasketa. Jokainen luku avaa sen takana olevat myyntiraportit.',
    period: 'Jakso',
    from: 'Alkaen',
    to: 'Päättyen',
    preset: {
      last30: 'Viimeiset 30 päivää',
      thisMonth: 'Tämä kuukausi',
      lastMonth: 'Edellinen kuukausi',
      thisYear: 'Tämä vuosi',
      last12: 'Viimeiset 12 kuukautta',
      custom: 'Oma jakso',
    },
    team: 'Tiimi',
    allTeams: 'Kaikki tiimit',
    seller: 'Myyjä',
    allSellers: 'Kaikki myyjät',
    sales: 'Myynnit',
    orderValue: 'Tilausarvo',
    quantity: 'Määrä',
    product: 'Tuote',
    noTeam: 'Ei tiimiä',
    day: 'Päivä',
    month: 'Kuukausi',
    byProduct: 'Tilausarvo ja määrä tuotteittain',
    byTeam: 'Tilausarvo tiimeittäin',
    overTime: 'Tilausarvo ajan mittaan',
    empty: 'Ei voimassa olevia myyntejä jaksolla.',
    fixPeriod: 'Korjaa jakso nähdäksesi luvut.',
  },
} satisfies Shape<typeof svDashboards>
