import { describe, expect, it } from 'vitest'
import { checkScript, cleanSegments, findPhrase, redact, segmentsFromText, sensitiveSpans, type EngineSegment } from './transcriptions'

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

describe('typed or imported text', () => {
  it('reads times, speakers and WebVTT cues', () => {
    expect(segmentsFromText('[00:05] Säljare: Hej!\n00:09 Kund: Hej hej\nokej')).toEqual([
      { start: 5, end: 9, text: 'Hej!', speaker: 'Säljare' },
      { start: 9, end: 9, text: 'Hej hej', speaker: 'Kund' },
      { start: 9, end: 9, text: 'okej' },
    ])
    expect(segmentsFromText('WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000 Hej\n')).toEqual([{ start: 1, end: 1, text: 'Hej' }])
  })
})
