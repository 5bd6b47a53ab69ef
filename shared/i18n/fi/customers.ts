import type { Shape } from '../namespaces'
import type { svCustomers } from '../sv/customers'

/** The `customers` namespace in Finnish: the customer register. */
export const fiCustomers = {
  catalog: {
    customers: {
      csvFile: 'asiakkaat.csv',
      notFound: 'Asiakasta ei ole.',
      private: 'Yksityinen',
      company: 'Yritys',
      number: 'Henkilö- / Y-tunnus',
      phone: 'Puhelin',
      email: 'Sähköposti',
      address: 'Osoite',
      postalCode: 'Postinumero',
      city: 'Paikkakunta',
      note: 'Muistiinpano',
      lastSale: 'Viimeisin myynti',
      firstSale: 'Asiakas alkaen',
      companyName: 'Yritys',
      editTitle: 'Muokkaa asiakasta',
      editHelp: 'Yhteystiedot seuraavat asiakkaan viimeisintä myyntiä; uusi myynti korvaa ne.',
      saved: 'Asiakas tallennettiin.',
      sales: 'Myynnit',
      salesShown_one: 'Viimeisin, jonka saat nähdä',
      salesShown_other: 'Viimeisimmät {{count}}, jotka saat nähdä',
      salesColumns: { soldAt: 'Myyty', provider: 'Toimittaja', seller: 'Myyjä', orderValue: 'Tilauksen arvo', status: 'Tila' },
      noSales: 'Ei myyntejä, jotka saat nähdä.',
      searchHint: 'Nimi, yritys, sähköposti, puhelin, paikkakunta tai koko henkilö-/Y-tunnus',
      allTypes: 'Kaikki asiakkaat',
    },
  },
} satisfies Shape<typeof svCustomers>
