import { stemmer as finnish } from '@orama/stemmers/finnish'
import MiniSearch, { type Options, type SearchResult } from 'minisearch'
import type { GuideLanguage } from '../schemas/guides'
import EnglishStemmer from './vendor/snowball/english-stemmer.js'
import SwedishStemmer from './vendor/snowball/swedish-stemmer.js'

/**
 * The guides' search (docs/decisions/069): built on the server from the guides a reader may read, in their language
 * (Swedish where a guide has no text in theirs), and searched on the device — also offline. Words are reduced to
 * their stems by the Snowball stemmers of Swedish and of the reader's language, so "säljare" finds "säljarna" and
 * "kunder" finds "kundens"; a word being typed matches as a prefix, a small typo still matches.
 */

export type GuideSearchDoc = { id: string; title: string; summary: string; text: string; categoryId: string }

/** Each language's stemmer, remembering the words it has stemmed: a guide's vocabulary repeats itself. */
const remembered = (stem: (word: string) => string) => {
  const seen = new Map<string, string>()
  return (word: string) => {
    let out = seen.get(word)
    if (out === undefined) {
      out = stem(word)
      if (seen.size < 200_000) seen.set(word, out)
    }
    return out
  }
}
const english = new EnglishStemmer()
const swedish = new SwedishStemmer()
/**
 * Snowball's own stemmers (./snowball: generated from its algorithms, the same stems as its reference vocabularies);
 * Finnish from @orama/stemmers, which matches Snowball's reference in every word.
 */
const STEMMERS: Record<GuideLanguage, (word: string) => string> = {
  sv: remembered((w) => swedish.stemWord(w)),
  en: remembered((w) => english.stemWord(w)),
  fi: remembered(finnish),
}
/** What the stems are made by: part of an index's tag, so an index built by other stemmers is built again. */
export const STEMMERS_VERSION = 'snowball-3.1.1'

const fields = ['title', 'summary', 'text'] as const

function options(language: GuideLanguage): Options<GuideSearchDoc> {
  const stems = language === 'sv' ? [STEMMERS.sv] : [STEMMERS.sv, STEMMERS[language]]
  return {
    idField: 'id',
    fields: [...fields],
    storeFields: ['title', 'categoryId'],
    processTerm: (term) => {
      const word = term.toLocaleLowerCase(language)
      if (word.length < 2) return null
      return [...new Set(stems.map((stem) => stem(word)))]
    },
    searchOptions: {
      boost: { title: 3, summary: 1.5 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  }
}

/** The index of a reader's guides, as JSON the device loads. */
export function buildGuideIndex(docs: GuideSearchDoc[], language: GuideLanguage): string {
  const index = new MiniSearch<GuideSearchDoc>(options(language))
  index.addAll(docs)
  return JSON.stringify(index)
}

export type GuideSearch = { search(query: string, limit?: number): Array<{ id: string; title: string; categoryId: string; score: number }> }

/** Loads an index built by `buildGuideIndex` for searching. */
export function loadGuideIndex(json: string, language: GuideLanguage): GuideSearch {
  const index = MiniSearch.loadJSON<GuideSearchDoc>(json, options(language))
  return {
    search(query, limit = 20) {
      const q = query.trim()
      if (q === '') return []
      return index
        .search(q)
        .slice(0, limit)
        .map((r: SearchResult) => ({ id: String(r.id), title: String(r.title), categoryId: String(r.categoryId), score: r.score }))
    },
  }
}
