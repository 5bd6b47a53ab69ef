import type { BiHoliday } from '../../../shared/schemas/assistant'
import type { Concept, Language } from './lexicon.types'

type Add = (lang: Language | '*', concept: Concept, ...phrases: string[]) => void

/**
 * The words of comparisons, holidays and seasons, and the open question (decision 083): "jämfört med", "samma vecka
 * förra året", "midsommar", "joulu", "hur går det?".
 */
export function comparisonEntries(add: Add): void {
  add('sv', { type: 'compare' }, 'jämfört med', 'jämfört mot', 'jämförd med', 'i jämförelse med', 'mot', 'kontra', 'vs', 'versus', 'gentemot')
  add('en', { type: 'compare' }, 'compared to', 'compared with', 'in comparison with', 'vs', 'versus', 'against', 'relative to')
  add('fi', { type: 'compare' }, 'verrattuna', 'verraten', 'vs', 'vastaan', 'suhteessa')
  add('sv', { type: 'compareVerb' }, 'jämför', 'jämföra', 'jämförelse')
  add('en', { type: 'compareVerb' }, 'compare', 'comparison')
  add('fi', { type: 'compareVerb' }, 'vertaa', 'vertaile', 'vertailu*')
  add(
    'sv',
    { type: 'sameLastYear' },
    'samma vecka förra året',
    'samma vecka i fjol',
    'samma månad förra året',
    'samma månad i fjol',
    'samma kvartal förra året',
    'samma period förra året',
    'samma period i fjol',
    'samma tid förra året',
    'samma tid i fjol',
    'samma vecka året innan',
    'samma period året innan',
    'året innan',
    'ett år tidigare',
  )
  add(
    'en',
    { type: 'sameLastYear' },
    'same week last year',
    'same month last year',
    'same quarter last year',
    'same period last year',
    'same time last year',
    'the year before',
    'a year earlier',
    'a year before',
    'a year ago',
  )
  add(
    'fi',
    { type: 'sameLastYear' },
    'sama viikko viime vuonna',
    'samaan viikkoon viime vuonna',
    'sama kuukausi viime vuonna',
    'samaan kuukauteen viime vuonna',
    'sama aika viime vuonna',
    'samaan aikaan viime vuonna',
    'sama jakso viime vuonna',
    'samaan jaksoon viime vuonna',
    'vuotta aiemmin',
    'vuotta aikaisemmin',
  )
  const holiday = (h: BiHoliday): Concept => ({ type: 'holiday', holiday: h })
  add('sv', holiday('christmas'), 'jul', 'julen', 'julhelg*', 'julveck*', 'juldagarna', 'julledighet*', 'mellandagarna', 'julhandel*')
  add('en', holiday('christmas'), 'christmas*', 'xmas')
  add('fi', holiday('christmas'), 'joulu*')
  add('sv', holiday('easter'), 'påsk*')
  add('en', holiday('easter'), 'easter*')
  add('fi', holiday('easter'), 'pääsiäi*')
  add('sv', holiday('midsummer'), 'midsommar*')
  add('en', holiday('midsummer'), 'midsummer*')
  add('fi', holiday('midsummer'), 'juhannu*')
  add('sv', holiday('sportsBreak'), 'sportlov*')
  add('en', holiday('sportsBreak'), 'sports break', 'winter sports break', 'ski week*', 'winter break')
  add('fi', holiday('sportsBreak'), 'hiihtolom*')
  add(
    'sv',
    { type: 'overview' },
    'hur går det',
    'hur gick det',
    'hur ligger vi till',
    'hur går det för oss',
    'hur är läget',
    'hur ser det ut',
    'läget',
    'lägesbild',
    'sammanfattning',
    'sammanfatta',
    'översikt',
    'översikten',
  )
  add(
    'en',
    { type: 'overview' },
    'how are we doing',
    'how are we getting on',
    'how is it going',
    'hows it going',
    'how are things',
    'how did we do',
    'overview',
    'summary',
    'summarise',
    'summarize',
    'status update',
  )
  add(
    'fi',
    { type: 'overview' },
    'miten menee',
    'miten meillä menee',
    'miten meni',
    'mikä on tilanne',
    'tilanne',
    'tilannekatsaus',
    'yhteenveto',
    'katsaus',
    'kuinka menee',
  )
}
