import { distance } from 'fastest-levenshtein'
import { normalizeFinnishIdentity, normalizeSwedishBankAccount } from './candidates'
import { luhnValid, normalizePersonalNumber } from './identity'

/**
 * Seller transcriptions (issue 47, docs/decisions/076): the rules on a call's text that need no engine — what a
 * speech engine invents on silence and how it is dropped, which numbers in the text are sensitive and how they are
 * masked, and how a provider's script is checked against the text. Table test beside it.
 */

export type Segment = { start: number; end: number; text: string; speaker?: string | null }
/** A segment as an engine answers it: Whisper's verbose JSON adds how sure it is that nobody spoke. */
export type EngineSegment = Segment & { noSpeechProb?: number; avgLogprob?: number }

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * What Whisper-like engines write over silence or music, learnt from subtitled video: closing credits and thanks
 * for watching, in the languages the calls are in. Matched on the whole segment (folded), so a seller who says
 * "tack för att ni har tittat in" keeps it.
 */
export const SILENCE_PHRASES: readonly string[] = [
  'tack för att ni har tittat',
  'tack för att du har tittat',
  'tack för att ni tittade',
  'tack för att ni lyssnade',
  'tack för att du lyssnade',
  'textning stina hedin',
  'svensktextning se',
  'undertexter från amara org gemenskapen',
  'undertexter av amara org gemenskapen',
  'prenumerera på kanalen',
  'kiitos katsomisesta',
  'kiitos kun katsoit',
  'tekstitys',
  'suomenkielinen tekstitys',
  'thanks for watching',
  'thank you for watching',
  'thank you',
  'subtitles by the amara org community',
  'please subscribe',
  'musik',
  'music',
].map(fold)

const SILENCE = new Set(SILENCE_PHRASES)

/** A phrase of 1–8 words said three times or more in a row collapses to one (an engine's loop); groups of digits are left. */
function collapseLoops(text: string): string {
  const words = text.split(/\s+/).filter(Boolean)
  if (words.length < 3) return text
  const out: string[] = []
  let i = 0
  while (i < words.length) {
    let collapsed = false
    for (let size = 1; size <= 8 && i + size * 3 <= words.length; size++) {
      const phrase = fold(words.slice(i, i + size).join(' '))
      // Digits repeat in numbers read out ("1111 1111 1111"): only words loop.
      if (!/\p{L}/u.test(phrase)) continue
      let repeats = 1
      while (i + size * (repeats + 1) <= words.length && fold(words.slice(i + size * repeats, i + size * (repeats + 1)).join(' ')) === phrase) repeats += 1
      if (repeats >= 3) {
        out.push(...words.slice(i, i + size))
        i += size * repeats
        collapsed = true
        break
      }
    }
    if (!collapsed) {
      out.push(words[i]!)
      i += 1
    }
  }
  return out.join(' ')
}

/**
 * An engine's segments without what it invented: a segment the engine itself thinks is silence (no-speech
 * probability over 0.6 with a low average log probability: Whisper's own rule), a known silence phrase, the same
 * text as the segment before it (a loop), and phrases looping inside a segment. `noSpeech` when nothing is left.
 */
export function cleanSegments(segments: readonly EngineSegment[]): { segments: Segment[]; dropped: number; noSpeech: boolean } {
  const kept: Segment[] = []
  let dropped = 0
  let previous = ''
  for (const s of segments) {
    const text = collapseLoops(s.text.trim())
    const folded = fold(text)
    const silent = (s.noSpeechProb ?? 0) > 0.6 && (s.avgLogprob ?? 0) < -1
    if (!folded || silent || SILENCE.has(folded) || folded === previous) {
      dropped += 1
      continue
    }
    previous = folded
    kept.push({ start: s.start, end: s.end, text, ...(s.speaker ? { speaker: s.speaker } : {}) })
  }
  return { segments: kept, dropped, noSpeech: kept.length === 0 }
}

export type SensitiveKind = 'identity' | 'card' | 'bank'
export type SensitiveSpan = { start: number; end: number; kind: SensitiveKind }

const IDENTITY_SE = /(?<![\d-])(?:\d{2})?\d{6}[-+ ]?\d{4}(?![\d-])/g
const IDENTITY_FI = /(?<![\dA-Z])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\dA-Z])/gi
const CARD = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g
const BANK = /(?<!\d)(\d{4}(?:-\d)?)[ ,-]+(\d[\d -]{5,16}\d)(?!\d)/g
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g

function ibanValid(text: string): boolean {
  const compact = text.replace(/\s/g, '').toUpperCase()
  if (compact.length < 15 || compact.length > 34) return false
  const moved = compact.slice(4) + compact.slice(0, 4)
  let rest = 0
  for (const ch of moved) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55)
    for (const d of value) rest = (rest * 10 + Number(d)) % 97
  }
  return rest === 1
}

/**
 * The sensitive numbers in a text: identity numbers whose check digit holds (Swedish personal and co-ordination
 * numbers, Finnish identity codes), card numbers (13–19 digits, Luhn), Swedish bank accounts (a clearing number the
 * banks' rules know, then its account) and IBANs (mod 97). Spans do not overlap; the earlier kind wins.
 */
export function sensitiveSpans(text: string, today: Date = new Date()): SensitiveSpan[] {
  const spans: SensitiveSpan[] = []
  const free = (start: number, end: number) => spans.every((s) => end <= s.start || start >= s.end)
  const add = (start: number, end: number, kind: SensitiveKind) => {
    if (free(start, end)) spans.push({ start, end, kind })
  }
  for (const m of text.matchAll(IDENTITY_SE)) if (normalizePersonalNumber(m[0].replace(/ /g, ''), today)) add(m.index, m.index + m[0].length, 'identity')
  for (const m of text.matchAll(IDENTITY_FI)) if (normalizeFinnishIdentity(m[0])) add(m.index, m.index + m[0].length, 'identity')
  for (const m of text.matchAll(CARD)) {
    const digits = m[0].replace(/\D/g, '')
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) add(m.index, m.index + m[0].length, 'card')
  }
  for (const m of text.matchAll(BANK)) if (normalizeSwedishBankAccount(m[1]!, m[2]!)) add(m.index, m.index + m[0].length, 'bank')
  for (const m of text.matchAll(IBAN)) if (ibanValid(m[0])) add(m.index, m.index + m[0].length, 'bank')
  return spans.sort((a, b) => a.start - b.start)
}

/** How a span is shown to a reader who may not see it: an identity number keeps its birth date, the rest only their last digits. */
function masked(value: string, kind: SensitiveKind): string {
  if (kind === 'identity') {
    const compact = value.replace(/[\s+-]/g, '')
    return `${/^\d{12}$/.test(compact) ? compact.slice(0, 8) : compact.slice(0, 6)}-****`
  }
  const digits = value.replace(/[^\dA-Z]/gi, '')
  return `••••${kind === 'card' ? digits.slice(-4) : ''}`
}

/** The text with its sensitive numbers masked. */
export function redact(text: string, today: Date = new Date()): string {
  let out = ''
  let at = 0
  for (const span of sensitiveSpans(text, today)) {
    out += text.slice(at, span.start) + masked(text.slice(span.start, span.end), span.kind)
    at = span.end
  }
  return out + text.slice(at)
}

export type ScriptPhrase = { id: string; text: string }
export type ScriptCheck = { id: string; text: string; kind: 'must' | 'mustNot'; found: { segment: number; start: number } | null; ok: boolean }
export type CheckResult = 'pass' | 'fail'

/** How close a stretch of the call must be to a phrase to count as said: a word or two misheard is still said. */
export const PHRASE_SIMILARITY = 0.8

/**
 * The call's words, folded once for every phrase of a script: all segments' words in order, where each segment's
 * words start, and each word's characters as small numbers (the call's own alphabet), so that a window's length
 * and its characters can follow it as it slides one word at a time. A window is measured against a phrase only
 * when nothing cheaper rules it out: an edit distance is at least the difference in length, at least what either
 * has of characters the other lacks, and at least half what either has of neighbouring pairs the other lacks
 * (docs/decisions/079).
 */
export type CallWords = {
  words: string[]
  /** segment i's words are words[segStart[i] .. segStart[i + 1]) */
  segStart: Int32Array
  /** word k's characters are letters[charStart[k] .. charStart[k + 1]), as numbers of the call's alphabet */
  charStart: Int32Array
  letters: Uint16Array
  alphabet: Map<number, number>
}

export function callWords(segments: readonly Segment[]): CallWords {
  const words: string[] = []
  const segStart = new Int32Array(segments.length + 1)
  segments.forEach((s, i) => {
    segStart[i] = words.length
    const folded = fold(s.text)
    if (folded) for (const w of folded.split(' ')) words.push(w)
  })
  segStart[segments.length] = words.length
  const charStart = new Int32Array(words.length + 1)
  words.forEach((w, k) => (charStart[k + 1] = charStart[k]! + w.length))
  const alphabet = new Map<number, number>()
  const letters = new Uint16Array(charStart[words.length]!)
  let at = 0
  for (const w of words)
    for (let c = 0; c < w.length; c++) {
      const code = w.charCodeAt(c)
      let id = alphabet.get(code)
      if (id === undefined) alphabet.set(code, (id = alphabet.size))
      letters[at++] = id
    }
  return { words, segStart, charStart, letters, alphabet }
}

/**
 * At most this many windows are measured by edit distance in one check: far more than a real call needs (its windows
 * rarely pass the length and character tests), and a bound on a text written to pass them everywhere.
 */
export const CHECK_MEASURES_MAX = 150_000

/** A check that went past CHECK_MEASURES_MAX: the call could not be checked, which is not a pass nor a fail. */
export class CheckTooLarge extends Error {
  constructor() {
    super('the script check measured too many windows')
  }
}

const similar = (distance: number, longest: number) => 1 - distance / longest >= PHRASE_SIMILARITY

/**
 * A window of `len` words sliding over the call, with how its characters and its pairs of neighbouring characters
 * (a space between words included) differ from the phrase's. One edit changes at most one character and two pairs,
 * so the edit distance is at least the first difference and at least half the second (the q-gram lemma). Written
 * out flat: this loop is most of a check's time.
 */
function slider(call: CallWords, target: string, len: number) {
  const { letters, charStart, alphabet } = call
  const other = alphabet.size
  const space = other + 1
  const ids = space + 1
  // diff[id] is the window's count minus the phrase's; extra and missing sum its positive and negative parts.
  const chars = new Int32Array(ids)
  const pairs = new Int32Array(ids * ids)
  let charsExtra = 0
  let charsMissing = 0
  let pairsExtra = 0
  let pairsMissing = 0
  const idOf = (ch: string) => (ch === ' ' ? space : (alphabet.get(ch.charCodeAt(0)) ?? other))
  for (let c = 0; c < target.length; c++) {
    if (target[c] !== ' ') {
      chars[idOf(target[c]!)]! -= 1
      charsMissing += 1
    }
    if (c > 0) {
      pairs[idOf(target[c - 1]!) * ids + idOf(target[c]!)]! -= 1
      pairsMissing += 1
    }
  }
  const addPair = (id: number) => {
    if (pairs[id]! < 0) pairsMissing -= 1
    else pairsExtra += 1
    pairs[id]! += 1
  }
  const removePair = (id: number) => {
    pairs[id]! -= 1
    if (pairs[id]! < 0) pairsMissing += 1
    else pairsExtra -= 1
  }
  let from = 0
  let to = 0
  return {
    /** Moves to the window starting at word g (never backwards); answers its length in characters and a lower bound of its distance. */
    at(g: number): { length: number; atLeast: number } {
      const end = Math.min(g + len, call.words.length)
      for (; to < end; to++) {
        const a = charStart[to]!
        const b = charStart[to + 1]!
        if (to > from) {
          addPair(letters[a - 1]! * ids + space)
          addPair(space * ids + letters[a]!)
        }
        for (let c = a; c < b; c++) {
          const id = letters[c]!
          if (chars[id]! < 0) charsMissing -= 1
          else charsExtra += 1
          chars[id]! += 1
          if (c > a) addPair(letters[c - 1]! * ids + id)
        }
      }
      for (; from < g; from++) {
        const a = charStart[from]!
        const b = charStart[from + 1]!
        if (from + 1 < to) {
          removePair(letters[b - 1]! * ids + space)
          removePair(space * ids + letters[b]!)
        }
        for (let c = a; c < b; c++) {
          const id = letters[c]!
          chars[id]! -= 1
          if (chars[id]! < 0) charsMissing += 1
          else charsExtra -= 1
          if (c > a) removePair(letters[c - 1]! * ids + id)
        }
      }
      const count = to - from
      return {
        length: charStart[to]! - charStart[from]! + Math.max(0, count - 1),
        atLeast: Math.max(charsExtra, charsMissing, Math.ceil(Math.max(pairsExtra, pairsMissing) / 2)),
      }
    },
  }
}

/**
 * Where in the segments a phrase was said (the first place), comparing folded words with a little tolerance: a
 * window of the phrase's number of words (one fewer or one more) that starts in a segment and may run over into
 * the next, at least PHRASE_SIMILARITY alike by edit distance over the longer of the two. `budget` counts the
 * windows measured (CHECK_MEASURES_MAX for a whole check).
 */
export function findPhrase(
  segments: readonly Segment[],
  phrase: string,
  call: CallWords = callWords(segments),
  budget: { left: number } = { left: CHECK_MEASURES_MAX },
): { segment: number; start: number } | null {
  const target = fold(phrase)
  if (!target) return null
  const size = target.split(' ').length
  const lens = [size - 1, size, size + 1].filter((n) => n >= 1)
  const sliders = lens.map((len) => slider(call, target, len))
  const { words, segStart } = call
  for (let i = 0; i < segments.length; i++) {
    const own = segStart[i + 1]! - segStart[i]!
    // A phrase may run over into the next segment, no further.
    const limit = segStart[Math.min(i + 2, segments.length)]!
    for (let w = 0; w < Math.max(1, own); w++) {
      const g = segStart[i]! + w
      for (let n = 0; n < lens.length; n++) {
        const len = lens[n]!
        if (g + len > limit) continue
        const { length, atLeast } = sliders[n]!.at(g)
        const longest = Math.max(length, target.length)
        if (!similar(Math.abs(length - target.length), longest) || !similar(atLeast, longest)) continue
        if (--budget.left < 0) throw new CheckTooLarge()
        if (similar(distance(words.slice(g, g + len).join(' '), target), longest)) return { segment: i, start: segments[i]!.start }
      }
    }
  }
  return null
}

/**
 * A provider's script against a call: each phrase that must be said (and where), each that must not; the call passes
 * when all hold. The call's words are folded once for all the phrases; a text that would need more than
 * CHECK_MEASURES_MAX measures throws `CheckTooLarge`. The server runs it off its main thread
 * (transcriptions.check.worker.ts).
 */
export function checkScript(
  segments: readonly Segment[],
  script: { must: readonly ScriptPhrase[]; mustNot: readonly ScriptPhrase[] },
): { checks: ScriptCheck[]; result: CheckResult } {
  const call = callWords(segments)
  const budget = { left: CHECK_MEASURES_MAX }
  const checks: ScriptCheck[] = [
    ...script.must.map((p) => {
      const found = findPhrase(segments, p.text, call, budget)
      return { id: p.id, text: p.text, kind: 'must' as const, found, ok: found !== null }
    }),
    ...script.mustNot.map((p) => {
      const found = findPhrase(segments, p.text, call, budget)
      return { id: p.id, text: p.text, kind: 'mustNot' as const, found, ok: found === null }
    }),
  ]
  return { checks, result: checks.every((c) => c.ok) ? 'pass' : 'fail' }
}

/** Whether a text is a WebVTT file: its signature (after a byte order mark) followed by a space, a tab, a line break or nothing. */
export const isWebVTT = (text: string) => /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text)

/**
 * Typed text as segments: one line each, optionally starting with a time ("01:23", "1:02:03" or "[00:12]") and a
 * speaker ("Säljare:"); a line without a time follows the one before it. A WebVTT file is no typed text: the server
 * reads it with the specification's parser (server/modules/transcriptions/transcriptions.webvtt.ts).
 */
export function segmentsFromText(text: string): Segment[] {
  const segments: Segment[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || /^\d+$/.test(line)) continue
    const timed = /^\[?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,]\d+)?\]?(?:\s*-->\s*\S+)?\s*(.*)$/.exec(line)
    let start = segments.at(-1)?.end ?? 0
    let body = line
    if (timed) {
      start = Number(timed[1] ?? 0) * 3600 + Number(timed[2]) * 60 + Number(timed[3])
      body = timed[4]!.trim()
      if (!body) continue
    }
    const spoken = /^([\p{L} ]{1,30}):\s+(.+)$/u.exec(body)
    const previous = segments.at(-1)
    if (previous && previous.end < start) previous.end = start
    segments.push({ start, end: start, text: spoken ? spoken[2]! : body, ...(spoken ? { speaker: spoken[1]!.trim() } : {}) })
  }
  return segments
}

/**
 * The script phrases the telesales law asks of a call the seller initiated (docs/decisions/098): the caller states
 * who calls and why, says the offer comes in writing, and takes no acceptance on the call — Sweden's distance-selling
 * act (2005:59, the written confirmation and acceptance since 1 September 2018) and Finland's consumer protection act
 * (38/1978) 6 luku (9 §: name and purpose at the start of the call; the written offer and acceptance since 1 January
 * 2023). Fixed ids, so adding them again changes nothing and back office may reword them.
 */
export const LAW_PHRASES: Record<'SE' | 'FI', { must: ScriptPhrase[]; mustNot: ScriptPhrase[] }> = {
  SE: {
    must: [
      { id: 'law-se-purpose', text: 'jag ringer från' },
      { id: 'law-se-written', text: 'du får erbjudandet skriftligt' },
    ],
    mustNot: [
      { id: 'law-se-no-deal', text: 'då är avtalet klart' },
      { id: 'law-se-no-signed', text: 'du har nu tecknat' },
    ],
  },
  FI: {
    must: [
      { id: 'law-fi-purpose', text: 'soitan yrityksestä' },
      { id: 'law-fi-written', text: 'saat tarjouksen kirjallisena' },
    ],
    mustNot: [
      { id: 'law-fi-no-deal', text: 'sopimus on nyt tehty' },
      { id: 'law-fi-no-signed', text: 'olet nyt tilannut' },
    ],
  },
}
const SCRIPT_MAX_PHRASES = 30

/**
 * A provider's script with the law's phrases for a country added (those of its ids not there yet), or null when it
 * already has them all (or the country has none). A list at its 30 phrases takes no more: the screen shows what is there.
 */
export function withLawPhrases(
  script: { must: readonly ScriptPhrase[]; mustNot: readonly ScriptPhrase[] },
  country: string,
): { must: ScriptPhrase[]; mustNot: ScriptPhrase[] } | null {
  const law = country === 'SE' || country === 'FI' ? LAW_PHRASES[country] : null
  if (!law) return null
  const add = (list: readonly ScriptPhrase[], extra: ScriptPhrase[]) => {
    const have = new Set(list.map((p) => p.id))
    return [...list, ...extra.filter((p) => !have.has(p.id))].slice(0, Math.max(list.length, SCRIPT_MAX_PHRASES))
  }
  const must = add(script.must, law.must)
  const mustNot = add(script.mustNot, law.mustNot)
  return must.length === script.must.length && mustNot.length === script.mustNot.length ? null : { must, mustNot }
}
