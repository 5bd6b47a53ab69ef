/** The `dashboards` namespace in Swedish: order statistics (docs/decisions/048). */
export const svDashboards = {
  validation: {
    orderStats: {
      periodOrder: 'Slutdatum kan inte vara före startdatum',
      periodTooLong: 'Välj en period på högst två år',
    },
  },
  orderStats: {
    intro:
      'Försäljningar som står sig (slutförda, godkända, flaggade och obesvarade) sålda under perioden. Ånger, avvikelser och frånvaro räknas inte. Varje siffra öppnar säljrapporterna bakom den.',
    period: 'Period',
    from: 'Från',
    to: 'Till',
    preset: {
      last30: 'Senaste 30 dagarna',
      thisMonth: 'Den här månaden',
      lastMonth: 'Förra månaden',
      thisYear: 'I år',
      last12: 'Senaste 12 månaderna',
      custom: 'Egen period',
    },
    team: 'Team',
    allTeams: 'Alla team',
    seller: 'Säljare',
    allSellers: 'Alla säljare',
    sales: 'Försäljningar',
    orderValue: 'Ordervärde',
    quantity: 'Antal',
    product: 'Produkt',
    noTeam: 'Utan team',
    day: 'Dag',
    month: 'Månad',
    byProduct: 'Ordervärde och antal per produkt',
    byTeam: 'Ordervärde per team',
    overTime: 'Ordervärde över tid',
    empty: 'Inga försäljningar som står sig under perioden.',
    fixPeriod: 'Rätta perioden för att se siffrorna.',
  },
}
