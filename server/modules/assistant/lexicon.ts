import type { BiDimension, BiGranularity, BiMeasure } from '../../../shared/schemas/assistant'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Concept, Entry, Language } from './lexicon.types'
import { comparisonEntries } from './lexicon.compare'

/**
 * The built-in engine's lexicon (docs/decisions/053): the words of Swedish, English and Finnish questions about the
 * sales, as the organisation's staff write them. A pattern is a word, or a stem ending in `*` that matches any word
 * it begins (so "säljarna", "säljarens" and "säljare" are one entry); a phrase is several patterns in a row. Where
 * several entries match at a place, the longest phrase, then the longest stem, wins ("ordervärde" before "order",
 * "arvosana" before "arvo"). Words are compared lower-cased, with å, ä and ö kept (Swedish "år" is not "är").
 */

export type { Concept, Entry, Language } from './lexicon.types'

const entries: Entry[] = []
function add(lang: Language | '*', concept: Concept, ...phrases: string[]) {
  for (const p of phrases) entries.push({ lang, phrase: p.split(' '), concept })
}
const m = (measure: BiMeasure, status?: SaleStatus): Concept => (status ? { type: 'measure', measure, status } : { type: 'measure', measure })
const dim = (dimension: Exclude<BiDimension, 'time'>): Concept => ({ type: 'dimension', dimension })
const gran = (unit: BiGranularity): Concept => ({ type: 'granularity', unit })
const unit = (u: BiGranularity): Concept => ({ type: 'unit', unit: u })
const status = (s: SaleStatus): Concept => ({ type: 'status', status: s })

// Measures
add(
  'sv',
  m('orderValue'),
  'ordervärd*',
  'ordervard*',
  'försäljningsvärd*',
  'omsättning*',
  'värde*',
  'intäkt*',
  'ordersumm*',
  'kronor',
  'sålt för',
  'försäljning i kronor',
)
add('en', m('orderValue'), 'order value*', 'sales value*', 'revenue*', 'turnover', 'value*', 'sales amount', 'amount sold', 'worth')
add(
  'fi',
  m('orderValue'),
  'tilausarvo*',
  'tilausten arvo*',
  'myyntien arvo*',
  'myyntiarvo*',
  'myynnin arvo*',
  'liikevaihto*',
  'arvo',
  'arvot',
  'arvon',
  'arvoa',
  'arvoltaan',
  'euro*',
)
add(
  'sv',
  m('orders'),
  'order',
  'ordern',
  'ordrar',
  'ordrarna',
  'ordrars',
  'antal',
  'antal order',
  'antal ordrar',
  'antal sälj',
  'försäljning*',
  'affär*',
  'sälj',
  'säljen',
  'avslut*',
  'sålde',
  'sålt',
  'sålts',
)
add('en', m('orders'), 'orders', 'order', 'sales', 'sale', 'deals', 'number of sales', 'number of orders', 'sold', 'count of sales', 'sell')
add(
  'fi',
  m('orders'),
  'tilaus*',
  'tilauksi*',
  'tilausten määrä',
  'tilausmäärä*',
  'myynti',
  'myynnit',
  'myyntejä',
  'myyntien',
  'myyntiä',
  'myynnin',
  'myyntien määrä',
  'kaupat',
  'kauppo*',
  'kauppa',
  'myi',
  'myivät',
  'myyty*',
  'myyneet',
  'myynyt',
)
add('sv', m('quantity'), 'antal produkter', 'antal sålda produkter', 'styck*', 'kvantitet*', 'volym*', 'sålda produkter', 'produktvolym*')
add('en', m('quantity'), 'quantity', 'quantities', 'units', 'units sold', 'items', 'items sold', 'volume', 'product volume')
add('fi', m('quantity'), 'kappalemäär*', 'kappale*', 'kpl', 'tuotemäär*', 'myytyjen tuotteiden määrä', 'volyymi*')
add('sv', m('hours'), 'timm*', 'arbetstid*', 'arbetade timmar', 'jobbade timmar', 'arbetstimm*')
add('en', m('hours'), 'hours', 'hour', 'worked hours', 'working hours', 'hours worked', 'time worked', 'work hours')
add('fi', m('hours'), 'tunti*', 'tunnit', 'tunteja', 'tuntej*', 'työtunti*', 'työtunn*', 'työaika*', 'työaja*', 'tehdyt tunnit')
add('sv', m('regretRate'), 'ångerfrekvens*', 'ångerandel*', 'ångergrad*', 'ångerprocent*', 'ånger i procent', 'andel ånger', 'andel ångrade', 'ångerkvot*')
add('en', m('regretRate'), 'regret rate*', 'cancellation rate*', 'regret percentage', 'share of regrets', 'regret share', 'regret ratio')
add('fi', m('regretRate'), 'peruutusprosent*', 'peruutusaste*', 'peruutusosuu*', 'peruutusten osuus', 'peruutusten osuu*')
add('sv', m('orders', 'regret'), 'ånger', 'ångrade', 'ångrad', 'ångrat', 'ångrande', 'ångrar')
add('en', m('orders', 'regret'), 'regret*', 'cancellation*', 'cancelled', 'canceled')
add('fi', m('orders', 'regret'), 'peruutuk*', 'peruutus', 'peruutettu*', 'perutu*', 'peruttu*', 'peruutusten')
add('sv', m('orders', 'deviation'), 'avvikelse*')
add('en', m('orders', 'deviation'), 'deviation*')
add('fi', m('orders', 'deviation'), 'poikkeam*')
add('sv', m('averageGrade'), 'snittbetyg*', 'betyg*', 'kvalitet*', 'medelbetyg*', 'genomsnittligt betyg', 'kvalitetspoäng*', 'kvalitetsbetyg*')
add('en', m('averageGrade'), 'average grade*', 'grade*', 'quality score*', 'quality', 'average score*', 'score*', 'rating*')
add('fi', m('averageGrade'), 'arvosan*', 'keskiarvosan*', 'laatu*', 'laadu*', 'laatupist*', 'keskiarvo*')

// Statuses
add('sv', status('approved'), 'godkänd*')
add('en', status('approved'), 'approved')
add('fi', status('approved'), 'hyväksy*')
add('sv', status('finalized'), 'slutförd*', 'färdigställd*')
add('en', status('finalized'), 'finalized', 'finalised')
add('fi', status('finalized'), 'viimeistel*')
add('sv', status('flagged'), 'flaggad*')
add('en', status('flagged'), 'flagged')
add('fi', status('flagged'), 'liputet*')
add('sv', status('unanswered'), 'obesvarad*')
add('en', status('unanswered'), 'unanswered')
add('fi', status('unanswered'), 'vastaamat*')

// Dimensions
add('sv', dim('seller'), 'säljare*', 'säljarna*', 'säljarn*', 'medarbetar*', 'person*')
add('en', dim('seller'), 'seller*', 'salesperson*', 'salespeople', 'rep', 'reps', 'agent*', 'person', 'people', 'employee*')
add('fi', dim('seller'), 'myyjä*', 'myyji*', 'myyjittäin')
add('sv', dim('team'), 'team*', 'lag', 'laget', 'lagen', 'lagens')
add('en', dim('team'), 'team*')
add('fi', dim('team'), 'tiimi*', 'tiime*', 'tiimej*')
add('sv', dim('office'), 'kontor*')
add('en', dim('office'), 'office*', 'branch*')
add('fi', dim('office'), 'toimisto*', 'toimistoittain')
add('sv', dim('region'), 'region*', 'regioner*')
add('en', dim('region'), 'region*')
add('fi', dim('region'), 'alue*', 'alueittain')
add('sv', dim('provider'), 'leverantör*', 'leverantor*', 'bolag*')
add('en', dim('provider'), 'provider*', 'supplier*', 'vendor*')
add('fi', dim('provider'), 'toimittaj*', 'palveluntarjoaj*')
add('sv', dim('product'), 'produkt*')
add('en', dim('product'), 'product*')
add('fi', dim('product'), 'tuote*', 'tuotte*')
add('sv', dim('status'), 'status*', 'statusar*')
add('en', dim('status'), 'status', 'statuses', 'state')
add('fi', dim('status'), 'tila', 'tilan', 'tilat', 'tiloittain', 'tilojen', 'tiloja')
add('sv', { type: 'time' }, 'över tid', 'trend*', 'utveckl*', 'tidslinje*', 'kurva*')
add('en', { type: 'time' }, 'over time', 'trend*', 'timeline', 'development', 'evolution')
add('fi', { type: 'time' }, 'ajan mittaan', 'ajan kuluessa', 'kehit*', 'trendi*', 'aikajana*')

// Time buckets
add('sv', gran('day'), 'dagligen', 'dagsvis', 'dag för dag', 'per dygn')
add('en', gran('day'), 'daily', 'day by day', 'per diem')
add('fi', gran('day'), 'päivittäi*', 'päiväkohtai*')
add('sv', gran('week'), 'veckovis', 'vecka för vecka', 'veckovisa')
add('en', gran('week'), 'weekly', 'week by week')
add('fi', gran('week'), 'viikoittai*', 'viikkokohtai*', 'viikko viikolta')
add('sv', gran('month'), 'månadsvis', 'månad för månad', 'månatlig*')
add('en', gran('month'), 'monthly', 'month by month')
add('fi', gran('month'), 'kuukausittai*', 'kuukausikohtai*', 'kuukausi kuukaudelta')
add('sv', gran('quarter'), 'kvartalsvis')
add('en', gran('quarter'), 'quarterly')
add('fi', gran('quarter'), 'neljännesvuosittain', 'kvartaaleittain')
add('sv', gran('year'), 'årsvis', 'år för år', 'årlig*')
add('en', gran('year'), 'yearly', 'annually', 'annual', 'year by year')
add('fi', gran('year'), 'vuosittain', 'vuosi vuodelta')
add('sv', unit('day'), 'dag', 'dagen', 'dagar', 'dagarna', 'dygn')
add('en', unit('day'), 'day', 'days')
add('fi', unit('day'), 'päivä', 'päivän', 'päivää', 'päivät', 'päivien', 'päivinä', 'päivältä')
add('sv', unit('week'), 'vecka', 'veckan', 'veckor', 'veckorna', 'v', 'vecko')
add('en', unit('week'), 'week', 'weeks', 'wk')
add(
  'fi',
  unit('week'),
  'viikko',
  'viikon',
  'viikolla',
  'viikkoa',
  'viikot',
  'viikkojen',
  'viikolta',
  'viikossa',
  'viikosta',
  'viikkoon',
  'viikoilla',
  'viikoille',
)
add('sv', unit('month'), 'månad', 'månaden', 'månader', 'månaderna', 'mån')
add('en', unit('month'), 'month', 'months')
add('fi', unit('month'), 'kuukausi', 'kuukauden', 'kuukautta', 'kuukaudet', 'kuukausien', 'kuukaudelta', 'kuu', 'kuussa', 'kuun', 'kuulta')
add('sv', unit('quarter'), 'kvartal', 'kvartalet', 'kvartalen')
add('en', unit('quarter'), 'quarter', 'quarters')
add('fi', unit('quarter'), 'neljännes', 'neljänneksellä', 'neljänneksen', 'neljännestä', 'vuosineljännes*', 'kvartaali*')
add('sv', unit('year'), 'år', 'året', 'åren', 'års')
add('en', unit('year'), 'year', 'years')
add('fi', unit('year'), 'vuosi', 'vuoden', 'vuonna', 'vuotta', 'vuodet', 'vuosien', 'vuodelta')

// Grouping and periods
add('sv', { type: 'per' }, 'per', 'efter', 'fördelat på', 'uppdelat på', 'uppdelad på', 'fördelad på', 'grupperat på', 'i varje', 'för varje', 'för alla')
add('en', { type: 'per' }, 'per', 'by', 'for each', 'broken down by', 'split by', 'grouped by', 'across')
add('fi', { type: 'postPer' }, 'mukaan', 'kohden', 'kohti', 'mukaisesti')
add('sv', { type: 'every' }, 'varje', 'varenda')
add('en', { type: 'every' }, 'each', 'every')
add('fi', { type: 'every' }, 'joka', 'jokainen', 'jokaisen', 'jokaiselle', 'kunkin')
add('sv', { type: 'this' }, 'denna', 'detta', 'den här', 'det här', 'innevarande', 'nuvarande', 'aktuella', 'hittills')
add('en', { type: 'this' }, 'this', 'current', 'so far this', 'to date')
add('fi', { type: 'this' }, 'tämä', 'tämän', 'tällä', 'tässä', 'tänä', 'kuluva*', 'nykyinen', 'nykyisen', 'tähän mennessä')
add('sv', { type: 'previous' }, 'förra', 'föregående', 'senaste', 'sista', 'förflutna')
add('en', { type: 'previous' }, 'last', 'previous', 'past', 'prior', 'preceding')
add(
  'fi',
  { type: 'previous' },
  'viime',
  'edellinen',
  'edellisen',
  'edellisellä',
  'edellisessä',
  'viimeiset',
  'viimeisen',
  'viimeisten',
  'viimeisimmät',
  'mennyt',
  'menneen',
  'viimeksi',
)
add('sv', { type: 'in' }, 'i')
add('sv', { type: 'since' }, 'sedan', 'sen', 'från', 'fr o m', 'från och med', 'efter')
add('en', { type: 'since' }, 'since', 'from', 'starting', 'after')
add('fi', { type: 'since' }, 'lähtien', 'alkaen', 'jälkeen')
add('sv', { type: 'until' }, 'till', 'tills', 't o m', 'till och med', 'fram till', 'fram tills')
add('en', { type: 'until' }, 'to', 'until', 'till', 'through', 'thru', 'up to')
add('fi', { type: 'until' }, 'asti', 'saakka', 'kunnes')
add('sv', { type: 'today' }, 'idag')
add('en', { type: 'today' }, 'today')
add('fi', { type: 'today' }, 'tänään', 'tänäänkin')
add('sv', { type: 'yesterday' }, 'igår', 'i går')
add('en', { type: 'yesterday' }, 'yesterday')
add('fi', { type: 'yesterday' }, 'eilen', 'eilisen', 'eilinen')
add('sv', { type: 'lastYear' }, 'i fjol', 'ifjol', 'fjolåret', 'fjol')
const MONTHS: Record<Language, string[][]> = {
  sv: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['mars', 'mar'],
    ['april', 'apr'],
    ['maj'],
    ['juni', 'jun'],
    // jul is Christmas, not July, in a question about the sales
    ['juli'],
    ['augusti', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  en: [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  fi: [
    ['tammikuu*'],
    ['helmikuu*'],
    ['maaliskuu*'],
    ['huhtikuu*'],
    ['toukokuu*'],
    ['kesäkuu*'],
    ['heinäkuu*'],
    ['elokuu*'],
    ['syyskuu*'],
    ['lokakuu*'],
    ['marraskuu*'],
    ['joulukuu*'],
  ],
}
for (const lang of ['sv', 'en', 'fi'] as const) MONTHS[lang].forEach((names, i) => add(lang, { type: 'monthName', month: i + 1 }, ...names))
const ORDINALS: Record<Language, string[][]> = {
  sv: [
    ['första', '1:a'],
    ['andra', '2:a'],
    ['tredje', '3:e'],
    ['fjärde', '4:e'],
  ],
  en: [
    ['first', '1st'],
    ['second', '2nd'],
    ['third', '3rd'],
    ['fourth', '4th'],
  ],
  fi: [
    ['ensimmäinen', 'ensimmäisellä', 'ensimmäisen'],
    ['toinen', 'toisella', 'toisen'],
    ['kolmas', 'kolmannella', 'kolmannen'],
    ['neljäs', 'neljännellä', 'neljännen'],
  ],
}
for (const lang of ['sv', 'en', 'fi'] as const) ORDINALS[lang].forEach((words, i) => add(lang, { type: 'ordinal', n: i + 1 }, ...words))
const NUMBERS: Record<Language, string[]> = {
  sv: ['', '', 'två', 'tre', 'fyra', 'fem', 'sex', 'sju', 'åtta', 'nio', 'tio', 'elva', 'tolv', '', '', 'femton', '', '', '', '', 'tjugo'],
  en: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', '', '', 'fifteen', '', '', '', '', 'twenty'],
  fi: [
    '',
    'yksi|yhden',
    'kaksi|kahden|kahta',
    'kolme|kolmen|kolmea',
    'neljä|neljän|neljää',
    'viisi|viiden|viittä',
    'kuusi|kuuden|kuutta',
    'seitsemän|seitsemää',
    'kahdeksan|kahdeksaa',
    'yhdeksän|yhdeksää',
    'kymmenen|kymmentä',
    '',
    'kaksitoista|kahdentoista',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'kaksikymmentä',
  ],
}
for (const lang of ['sv', 'en', 'fi'] as const)
  NUMBERS[lang].forEach((words, n) => {
    if (words) add(lang, { type: 'number', n }, ...words.split('|'))
  })
add('sv', { type: 'top' }, 'topp', 'bästa', 'högst*', 'mest', 'flest', 'störst*', 'ledande', 'främsta')
add('en', { type: 'top' }, 'top', 'best', 'highest', 'most', 'biggest', 'largest', 'leading', 'greatest')
add(
  'fi',
  { type: 'top' },
  'top',
  'paras',
  'parhaat',
  'parhaiten',
  'parasta',
  'parhaan',
  'eniten',
  'suurin',
  'suurimmat',
  'suurimman',
  'kärki',
  'korkein',
  'korkeimmat',
)
add('sv', { type: 'bottom' }, 'sämsta', 'sämst', 'lägst*', 'minst', 'färst', 'botten', 'sista plats')
add('en', { type: 'bottom' }, 'bottom', 'worst', 'lowest', 'least', 'fewest', 'smallest')
add('fi', { type: 'bottom' }, 'huonoin*', 'huonoimm*', 'huonoiten', 'vähiten', 'pienin', 'pienimmät', 'alhaisin', 'heikoin', 'heikoimmat')
add('sv', { type: 'who' }, 'vem', 'vilka säljare', 'vilken säljare')
add('en', { type: 'who' }, 'who', 'whom')
add('fi', { type: 'who' }, 'kuka', 'ketkä', 'kenellä', 'kenen')
add('sv', { type: 'which' }, 'vilket', 'vilken', 'vilka')
add('en', { type: 'which' }, 'which', 'what')
add('fi', { type: 'which' }, 'mikä', 'mitkä', 'missä', 'millä')
add('sv', { type: 'followUp' }, 'och', 'men', 'istället', 'också', 'samma', 'då')
add('en', { type: 'followUp' }, 'and', 'instead', 'also', 'what about', 'how about', 'same', 'now')
add('fi', { type: 'followUp' }, 'entä', 'ja', 'myös', 'sen sijaan', 'samoin', 'sitten')

// Comparisons, holidays and seasons, and the open question (decision 083)
comparisonEntries(add)

// Words of a question that carry nothing the query needs, but show it is one (and in which language).
add(
  'sv',
  { type: 'noise' },
  ...'vad hur mycket många visa ge mig jag vi vår våra vårt min mina mitt har hade var är en ett den det de som på av med om för att totalt total sammanlagt summa sammanställ kan du tack snälla bara endast enbart alla samtliga hela visar gör hade gjorde nu graf diagram stapel lista'.split(
    ' ',
  ),
)
add(
  'en',
  { type: 'noise' },
  ..."how much many show me give the a an of for in on is was were are did do does our my we i please total overall with get list chart graph plot only just all whole tell what's whats there had has have been at during".split(
    ' ',
  ),
)
add(
  'fi',
  { type: 'noise' },
  ...'miten mikä mitkä kuinka paljon montako näytä anna minulle meidän minun oli on ovat olivat yhteensä kokonaisuudessaan mitä paljonko kaavio vain ainoastaan pelkästään kaikki kaikkien koko kanssa ovatko oliko kerro listaa lista meillä ole'.split(
    ' ',
  ),
)

/** The longest phrase first, then the longest first pattern, so a longer entry wins where several match. */
export const LEXICON: readonly Entry[] = entries
  .filter((e) => e.phrase.every((w) => w.length > 0))
  .sort((a, b) => b.phrase.length - a.phrase.length || b.phrase.join(' ').length - a.phrase.join(' ').length)

/** Words that say a question is about a database rather than the sales: refused, never read. */
export const SQL_WORDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'drop',
  'union',
  'truncate',
  'alter',
  'exec',
  'table',
  'where',
  'pragma',
  'sqlite_master',
  'pg_catalog',
  'information_schema',
])
