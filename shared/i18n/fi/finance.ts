import type { Shape } from '../namespaces'
import type { svFinance } from '../sv/finance'

/** The `finance` namespace in Finnish. */
export const fiFinance = {
  validation: {
    finance: {
      periodOrder: 'Loppupäivä ei voi olla ennen alkupäivää',
      periodTooLong: 'Valitse enintään kahden vuoden jakso',
      payrollTax: 'Anna prosentti väliltä 0–100, enintään kaksi desimaalia',
    },
  },
  finance: {
    intro:
      'Jakson aikana myydyt voimassa olevat myynnit (viimeistellyt, hyväksytyt, liputetut ja vastaamattomat), raportoidut tunnit ja myyjien lisätulot. Jokainen luku avaa sen takana olevat rivit; määritelmät ovat taulukon alla.',
    office: 'Toimisto',
    allOffices: 'Kaikki toimistot',
    unit: {
      sellers: 'Myyjä',
      teams: 'Tiimi',
      managers: 'Esihenkilö ja toimisto',
      providers: 'Toimittaja',
      legacy: 'Tiimi',
    },
    noTeam: 'Ei tiimiä',
    noOffice: 'Ei toimistoa',
    noManager: 'Ei esihenkilöä',
    metric: {
      sales: 'Myynnit',
      income: 'Tulot',
      variableCosts: 'Muuttuvat kulut',
      tb: 'Myyntikate',
      tbPercent: 'Kate %',
      productivity: 'Tuottavuus',
      nki: 'NKI',
      fte: 'HTV',
      hourlyCompensation: 'Tuntikorvaus',
      workHours: 'Tunnit',
    },
    perHour: '{{amount}}/h',
    answers_one: '{{count}} vastaus',
    answers_other: '{{count}} vastausta',
    sum_one: '{{count}} rivi yhteensä',
    sum_other: 'Kaikki {{count}} riviä yhteensä',
    sumTitle: 'Jakson summa',
    empty: 'Ei myyntejä tai tunteja jaksolla.',
    definitions: 'Näin luvut lasketaan',
    def: {
      income: 'Provisio, jonka toimittajat maksavat yritykselle jakson voimassa olevista myynneistä.',
      variableCosts: 'Myyjien palkka (provisio ja lisätulot) työnantajamaksuineen ({{rate}} %) sekä yrityksen oma kulu myynneistä.',
      variableCostsLegacy: 'Myyjien provisio sekä yrityksen oma kulu myynneistä (vanha laskenta: ilman työnantajamaksuja ja lisätuloja).',
      tb: 'Myyntikate (TB): tulot miinus muuttuvat kulut. Kate % on kate osuutena tuloista.',
      productivity: 'Myyntikate raportoitua työtuntia kohden.',
      nki: 'Asiakastyytyväisyysindeksi: jakson myyntien vastattujen laatukyselyjen keskiarvo (0–100) ja vastausten määrä.',
      fte: 'Henkilötyövuodet: raportoidut työtunnit jaettuna jakson täysillä tunneilla ({{hours}} h, {{month}} h kokonaista kuukautta kohden).',
      hourlyCompensation: 'Myyjien palkka (provisio ja lisätulot, ennen työnantajamaksuja) raportoitua työtuntia kohden.',
      hourlyCompensationLegacy: 'Myyjien provisio raportoitua työtuntia kohden.',
      extraIncome:
        'Lisätulo kuuluu myyjän kuukaudelle; jakso laskee siitä sen osuuden kuukauden päivistä, jonka se kattaa, ja se kuuluu myyjän nykyiselle tiimille ja toimistolle.',
      providers:
        'Tunnit raportoidaan myyjittäin ja päivittäin, ei toimittajittain: HTV:tä, tuottavuutta ja tuntikorvausta ei näytetä tässä, eikä lisätuloja lasketa.',
    },
    hoursByMonth: 'Tuntiraportit näytetään kuukausittain: valitse jakso yhden kuukauden sisältä avataksesi ne.',
    legacy: {
      intro: 'Vanha laskenta päiville ennen {{cutoff}}, jotta vanhat kuukaudet näyttävät samalta kuin ennen.',
      clipped: 'Jakso näytetään {{to}} asti: {{cutoff}} alkaen käytetään nykyistä laskentaa.',
      none: 'Koko jakso on {{cutoff}} alkaen, jolloin käytetään nykyistä laskentaa: katso muut kannattavuusnäkymät.',
    },
    settings: {
      title: 'Laskennan asetukset',
      payrollTax: 'Työnantajamaksut (%)',
      legacyCutoff: 'Nykyinen laskenta alkaen',
      save: 'Tallenna asetukset',
      saved: 'Asetukset on tallennettu',
      conflict: 'Joku muu muutti asetuksia muokkauksesi aikana. Ne ovat nyt tällaiset; tee muutos uudelleen, jos sitä yhä tarvitaan.',
      changed: 'Viimeksi muuttanut {{by}} {{at}}',
      defaults: 'Oletusarvot (kukaan ei ole muuttanut niitä)',
    },
  },
} satisfies Shape<typeof svFinance>
