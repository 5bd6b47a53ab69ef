import type { Shape } from '../namespaces'
import type { svCustomers } from '../sv/customers'

/** The `customers` namespace in Finnish: the customer register. */
export const fiCustomers = {
  validation: {
    contactBlocks: {
      phoneOrIdentity: 'Anna puhelinnumero, henkilö-/Y-tunnus tai molemmat',
      phone: 'Numero ei voi olla kelvollinen puhelinnumero',
      identity: 'Henkilö-/Y-tunnus ei ole kelvollinen',
    },
  },
  contactBlocks: {
    intro:
      'Henkilöt ja numerot, jotka ovat pyytäneet, ettei heihin oteta yhteyttä: ovella, puhelimessa, laatupuhelussa tai kirjallisesti. Heidät jätetään pois uusista soittolistoista, ja heille tehty myynti saa varoituksen lokiinsa.',
    add: 'Lisää kielto',
    phone: 'Puhelinnumero',
    identityNumber: 'Henkilö-/Y-tunnus',
    name: 'Nimi',
    source: 'Miten pyydettiin',
    sources: { door: 'Ovella', call: 'Puhelimessa', quality: 'Laatupuhelussa', customer: 'Asiakkaalta kirjallisesti', backoffice: 'Backoffice' },
    note: 'Muistiinpano',
    country: 'Numeron maa',
    createdAt: 'Kirjattu',
    createdBy: 'Kirjaaja',
    search: 'Hae numeroa tai nimeä',
    empty: 'Rekisteri on tyhjä.',
    emptyFiltered: 'Haulla ei löytynyt kieltoja.',
    saved: 'Kielto on kirjattu.',
    already: 'Numero tai henkilö oli jo rekisterissä.',
    remove: 'Poista kielto',
    removeTitle: 'Poistetaanko kielto?',
    removeReason: 'Miksi kielto poistetaan?',
    removed: 'Kielto on poistettu.',
  },
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
