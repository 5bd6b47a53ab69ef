import fc from 'fast-check'
import { distance } from 'fastest-levenshtein'
import { describe, expect, it } from 'vitest'
import {
  CHECK_MEASURES_MAX,
  CheckTooLarge,
  checkScript,
  cleanSegments,
  findPhrase,
  isWebVTT,
  LAW_PHRASES,
  PHRASE_SIMILARITY,
  withLawPhrases,
  redact,
  segmentsFromText,
  sensitiveSpans,
  type EngineSegment,
  type Segment,
} from './transcriptions'

const seg = (text: string, start = 0, extra: Partial<EngineSegment> = {}): EngineSegment => ({ start, end: start + 2, text, ...extra })
const today = new Date('2026-11-28')

describe('what an engine invents on silence', () => {
  it.each<[string, EngineSegment[], string[], boolean]>([
    ['a quiet recording: only the engine’s credits', [seg('Tack för att ni har tittat!'), seg('Textning: Stina Hedin')], [], true],
    ['Finnish and English credits', [seg('Kiitos katsomisesta.'), seg('Thanks for watching!')], [], true],
    ['the engine itself says nobody spoke', [seg('Hej hej', 0, { noSpeechProb: 0.9, avgLogprob: -1.4 })], [], true],
    ['sure enough despite a high no-speech probability', [seg('Hej, det är Anna', 0, { noSpeechProb: 0.7, avgLogprob: -0.2 })], ['Hej, det är Anna'], false],
    [
      'a loop of the same segment',
      [seg('Vi ringer från Elbolaget.'), seg('Vi ringer från Elbolaget.', 2), seg('Vi ringer från Elbolaget.', 4), seg('Passar det?', 6)],
      ['Vi ringer från Elbolaget.', 'Passar det?'],
      false,
    ],
    ['a phrase looping inside a segment', [seg('ja ja ja ja ja ja det stämmer')], ['ja det stämmer'], false],
    ['a card number read out is no loop', [seg('kortet 4111 1111 1111 1111')], ['kortet 4111 1111 1111 1111'], false],
    ['a real call that ends with thanks', [seg('Tack för att ni har tittat in på erbjudandet')], ['Tack för att ni har tittat in på erbjudandet'], false],
  ])('%s', (_name, segments, texts, noSpeech) => {
    const clean = cleanSegments(segments)
    expect(clean.segments.map((s) => s.text)).toEqual(texts)
    expect(clean.noSpeech).toBe(noSpeech)
    expect(clean.dropped).toBe(segments.length - texts.length)
  })
})

describe('sensitive numbers', () => {
  it.each<[string, string]>([
    ['Mitt personnummer är 811218-9876.', 'Mitt personnummer är 811218-****.'],
    ['Det är 19811218 9876 alltså', 'Det är 19811218-**** alltså'],
    ['henkilötunnus 131052-308T kiitos', 'henkilötunnus 131052-**** kiitos'],
    ['kortet 4111 1111 1111 1111 går ut', 'kortet ••••1111 går ut'],
    ['kontot 8327-9, 903 742 416-1 i Swedbank', 'kontot •••• i Swedbank'],
    ['IBAN SE45 5000 0000 0583 9825 7466', 'IBAN ••••'],
  ])('%s', (text, shown) => {
    expect(redact(text, today)).toBe(shown)
  })

  it.each([
    'Ring 070-123 45 67 i morgon', // a phone number
    'ordernummer 811218-9875', // a wrong check digit
    'kortet 4111 1111 1111 1112', // not Luhn
    'det kostar 1 299 kronor i 24 månader',
  ])('leaves %s alone', (text) => {
    expect(sensitiveSpans(text, today)).toEqual([])
    expect(redact(text, today)).toBe(text)
  })
})

describe('a provider’s script', () => {
  const call = [
    seg('Hej, jag heter Anna och ringer från Säljkraft på uppdrag av Elbolaget.', 0),
    seg('Du får en bekräftelse skriftligen', 8),
    seg('som du måste godkänna innan avtalet gäller.', 12),
    seg('Det här är helt gratis för dig.', 20),
  ]
  it('finds each phrase where it was said, across a segment’s end and with a word misheard', () => {
    expect(findPhrase(call, 'ringer från Säljkraft')).toEqual({ segment: 0, start: 0 })
    expect(findPhrase(call, 'en bekräftelse skriftligen som du måste godkänna')).toEqual({ segment: 1, start: 8 })
    expect(findPhrase(call, 'på uppdrag av Elbolagets')).toEqual({ segment: 0, start: 0 })
    expect(findPhrase(call, 'ångerrätt i fjorton dagar')).toBeNull()
  })
  it('passes when every must is said and no must-not', () => {
    const must = [
      { id: 'a', text: 'ringer från Säljkraft' },
      { id: 'b', text: 'bekräftelse skriftligen' },
    ]
    expect(checkScript(call, { must, mustNot: [] }).result).toBe('pass')
    const failed = checkScript(call, { must, mustNot: [{ id: 'c', text: 'helt gratis' }] })
    expect(failed.result).toBe('fail')
    expect(failed.checks.find((c) => c.id === 'c')).toMatchObject({ kind: 'mustNot', ok: false, found: { segment: 3, start: 20 } })
  })
})

/**
 * The rule as first written (issue 47): every window of the phrase's word count ±1 measured by edit distance. The
 * checked rule skips windows whose length or characters already rule them out (decision 079); it must find the same.
 */
function findPhraseByEveryWindow(segments: readonly Segment[], phrase: string): { segment: number; start: number } | null {
  const fold = (x: string) =>
    x
      .toLowerCase()
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  const target = fold(phrase)
  if (!target) return null
  const size = target.split(' ').length
  for (let i = 0; i < segments.length; i++) {
    const words = fold(`${segments[i]!.text} ${segments[i + 1]?.text ?? ''}`).split(' ')
    const ownWords = fold(segments[i]!.text).split(' ').length
    for (let w = 0; w < Math.max(1, ownWords); w++) {
      for (const len of [size - 1, size, size + 1]) {
        if (len < 1 || w + len > words.length) continue
        const window = words.slice(w, w + len).join(' ')
        if (1 - distance(window, target) / Math.max(window.length, target.length) >= PHRASE_SIMILARITY) return { segment: i, start: segments[i]!.start }
      }
    }
  }
  return null
}

describe('a long call against a long script (decision 079)', () => {
  const words = ['ring', 'ringer', 'från', 'säljkraft', 'avtal', 'avtalet', 'gratis', 'helt', 'du', 'får', 'en', 'bekräftelse', 'hej', 'å', 'ö', '12']
  const text = fc.array(fc.constantFrom(...words, 'ringer från', 'Säljkraft!', ' ', ''), { maxLength: 14 }).map((w) => w.join(' '))
  it('finds what measuring every window finds, wherever it was said', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), text, (texts, phrase) => {
        const segments = texts.map((t, i) => ({ start: i, end: i + 1, text: t }))
        expect(findPhrase(segments, phrase)).toEqual(findPhraseByEveryWindow(segments, phrase))
      }),
      { numRuns: 2_000, seed: 79 },
    )
  })

  it('measures no window of a call whose words are not the phrase’s, however long', () => {
    const call = segmentsFromText(Array.from({ length: 5_000 }, (_, i) => `hej jag ringer från bolaget om ditt abonnemang nummer ${i}`).join(' '))
    const budget = { left: CHECK_MEASURES_MAX }
    expect(findPhrase(call, 'detta samtal spelas in för kvalitet och utbildning', undefined, budget)).toBeNull()
    expect(budget.left).toBe(CHECK_MEASURES_MAX)
  })

  it('stops at its bound on a text written to look like the phrase everywhere, and says it could not check', () => {
    // The phrase's words, shuffled, over and over: every window has its length and letters and needs measuring.
    const phrase = 'detta samtal spelas in för kvalitet och utbildning'
    const shuffled = 'för samtal detta kvalitet in utbildning spelas och'
    const call: Segment[] = [{ start: 0, end: 1, text: Array.from({ length: 20_000 }, () => shuffled).join(' ') }]
    expect(() => checkScript(call, { must: [{ id: 'a', text: phrase }], mustNot: [] })).toThrow(CheckTooLarge)
  })
})

describe('typed or imported text', () => {
  it('reads times and speakers, and tells a WebVTT file apart', () => {
    expect(segmentsFromText('[00:05] Säljare: Hej!\n00:09 Kund: Hej hej\nokej')).toEqual([
      { start: 5, end: 9, text: 'Hej!', speaker: 'Säljare' },
      { start: 9, end: 9, text: 'Hej hej', speaker: 'Kund' },
      { start: 9, end: 9, text: 'okej' },
    ])
    // A WebVTT file is the server's to read with the specification's parser (server/modules/transcriptions/webvtt.test.ts).
    expect(isWebVTT('WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\nHej\n')).toBe(true)
    expect(isWebVTT('\uFEFFWEBVTT - a call')).toBe(true)
    expect(isWebVTT('WEBVTTX')).toBe(false)
  })
})

describe('the telesales law’s phrases in a provider’s script (decision 098)', () => {
  const own = { id: 'own', text: 'tack för att du tog dig tid' }
  it.each<[string, { must: Array<{ id: string; text: string }>; mustNot: Array<{ id: string; text: string }> }, string, number | null]>([
    ['added to an empty script, in Swedish for Sweden', { must: [], mustNot: [] }, 'SE', 4],
    ['added beside the provider’s own phrases', { must: [own], mustNot: [] }, 'SE', 5],
    ['in Finnish for Finland', { must: [], mustNot: [] }, 'FI', 4],
    ['nothing for a country without the rule', { must: [], mustNot: [] }, 'NO', null],
    [
      'nothing when they are there (reworded by back office)',
      { must: LAW_PHRASES.SE.must.map((p) => ({ ...p, text: `${p.text}!` })), mustNot: LAW_PHRASES.SE.mustNot },
      'SE',
      null,
    ],
    ['only the missing one', { must: LAW_PHRASES.SE.must, mustNot: LAW_PHRASES.SE.mustNot.slice(1) }, 'SE', 4],
    ['never past 30 phrases in a list', { must: Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, text: `fras ${i}` })), mustNot: [] }, 'SE', 32],
  ])('%s', (_, script, country, phrases) => {
    const out = withLawPhrases(script, country)
    if (phrases === null) return expect(out).toBeNull()
    expect(out!.must.length + out!.mustNot.length).toBe(phrases)
    expect(out!.must.length).toBeLessThanOrEqual(30)
    expect(out!.must.slice(0, script.must.length)).toEqual(script.must)
  })

  it('a call that takes the acceptance on the phone fails; one that says the offer comes in writing passes', () => {
    const script = withLawPhrases({ must: [], mustNot: [] }, 'SE')!
    const good = [seg('Hej, jag ringer från Tryggt Hem om ett larm.', 0), seg('Du får erbjudandet skriftligt i dag och svarar när du läst det.', 4)]
    const bad = [seg('Hej, jag ringer från Tryggt Hem.', 0), seg('Du får erbjudandet skriftligt, men då är avtalet klart nu.', 4)]
    expect(checkScript(good, script).result).toBe('pass')
    const failed = checkScript(bad, script)
    expect([failed.result, failed.checks.filter((c) => !c.ok).map((c) => c.id)]).toEqual(['fail', ['law-se-no-deal']])
  })
})
