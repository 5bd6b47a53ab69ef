import type { BiDimension, BiGranularity, BiHoliday, BiMeasure } from '../../../shared/schemas/assistant'
import type { SaleStatus } from '../../../shared/rules/sale'

/** The lexicon's kinds (lexicon.ts): the languages, the concepts a word or phrase stands for, and an entry. */
export type Language = 'sv' | 'en' | 'fi'

export type Concept =
  | { type: 'measure'; measure: BiMeasure; status?: SaleStatus }
  /** a sale status on its own: a filter, or the measure's status when no other measure is named */
  | { type: 'status'; status: SaleStatus; counts?: boolean }
  | { type: 'dimension'; dimension: Exclude<BiDimension, 'time'> }
  | { type: 'time' }
  | { type: 'granularity'; unit: BiGranularity }
  | { type: 'unit'; unit: BiGranularity }
  | { type: 'per' }
  /** a Finnish postposition: the dimension or unit before it groups ("tiimin mukaan", "viikkoa kohden") */
  | { type: 'postPer' }
  | { type: 'every' }
  | { type: 'this' }
  | { type: 'previous' }
  | { type: 'in' }
  | { type: 'today' }
  | { type: 'yesterday' }
  | { type: 'lastYear' }
  | { type: 'monthName'; month: number }
  | { type: 'ordinal'; n: number }
  | { type: 'number'; n: number }
  | { type: 'top' }
  | { type: 'bottom' }
  | { type: 'who' }
  | { type: 'which' }
  | { type: 'followUp' }
  /** "sedan mars", "since March", "maaliskuusta lähtien": from the period said until today */
  | { type: 'since' }
  /** "till", "to", "asti": the end of a range ("vecka 10 till 12"), or up to the period said */
  | { type: 'until' }
  /** "jämfört med", "compared with", "verrattuna": what follows is the period the first is set beside */
  | { type: 'compare' }
  /** "jämför", "compare", "vertaa" before two periods: set beside each other, not one range */
  | { type: 'compareVerb' }
  /** "samma vecka förra året", "same time last year", "sama aika viime vuonna" */
  | { type: 'sameLastYear' }
  /** a period named after a holiday or season: midsommar, jul, påsk, sportlov, juhannus, joulu… */
  | { type: 'holiday'; holiday: BiHoliday }
  /** "hur går det?", "how are we doing?", "miten menee?": a summary of the main measures */
  | { type: 'overview' }
  | { type: 'noise' }

export type Entry = { lang: Language | '*'; phrase: string[]; concept: Concept }
