import { readFileSync } from 'node:fs'
import { stemmer as finnish } from '@orama/stemmers/finnish'
import { describe, expect, it } from 'vitest'
import EnglishStemmer from './vendor/snowball/english-stemmer.js'
import SwedishStemmer from './vendor/snowball/swedish-stemmer.js'

/**
 * The guide search's stemmers against Snowball's own reference vocabularies (snowballstem/snowball-data; a tenth of
 * each language in ./testdata): every word stems as the reference says it does.
 */
const reference = (language: string) =>
  readFileSync(new URL(`./testdata/snowball-${language}.txt`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ') as [string, string])

describe('stems as Snowball’s reference has them', () => {
  const english = new EnglishStemmer()
  const swedish = new SwedishStemmer()
  it.each([
    ['english', (w: string) => english.stemWord(w)],
    ['swedish', (w: string) => swedish.stemWord(w)],
    ['finnish', finnish],
  ] as const)('%s', (language, stem) => {
    const words = reference(language)
    expect(words.length).toBeGreaterThan(2_500)
    const wrong = words.filter(([word, expected]) => stem(word) !== expected).map(([word, expected]) => `${word}: ${stem(word)} ≠ ${expected}`)
    expect(wrong).toEqual([])
  })

  it('the common words a guide is searched by', () => {
    expect(['selling', 'sales', 'customers', 'added', 'contracts', 'agreed', 'dying', 'news'].map((w) => english.stemWord(w))).toEqual([
      'sell',
      'sale',
      'custom',
      'add',
      'contract',
      'agre',
      'die',
      'news',
    ])
    expect(['säljarna', 'kundens', 'avtalet', 'erbjudandet'].map((w) => swedish.stemWord(w))).toEqual(['sälj', 'kund', 'avtal', 'erbjud'])
  })
})
