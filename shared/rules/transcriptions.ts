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

export const TRANSCRIPT_LANGUAGES = ['sv', 'fi', 'en'] as const
export type TranscriptLanguage = (typeof TRANSCRIPT_LANGUAGES)[number]

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

/** Where in the segments a phrase was said (the first place), comparing folded words with a little tolerance. */
export function findPhrase(segments: readonly Segment[], phrase: string): { segment: number; start: number } | null {
  const target = fold(phrase)
  if (!target) return null
  const size = target.split(' ').length
  for (let i = 0; i < segments.length; i++) {
    // A phrase may run over into the next segment.
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

/** A provider's script against a call: each phrase that must be said (and where), each that must not; the call passes when all hold. */
export function checkScript(
  segments: readonly Segment[],
  script: { must: readonly ScriptPhrase[]; mustNot: readonly ScriptPhrase[] },
): { checks: ScriptCheck[]; result: CheckResult } {
  const checks: ScriptCheck[] = [
    ...script.must.map((p) => {
      const found = findPhrase(segments, p.text)
      return { id: p.id, text: p.text, kind: 'must' as const, found, ok: found !== null }
    }),
    ...script.mustNot.map((p) => {
      const found = findPhrase(segments, p.text)
      return { id: p.id, text: p.text, kind: 'mustNot' as const, found, ok: found === null }
    }),
  ]
  return { checks, result: checks.every((c) => c.ok) ? 'pass' : 'fail' }
}

/**
 * Typed or imported text as segments: one line each, optionally starting with a time ("01:23", "1:02:03" or
 * "[00:12]") and a speaker ("Säljare:"). A line without a time follows the one before it.
 */
export function segmentsFromText(text: string): Segment[] {
  const segments: Segment[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || /^WEBVTT/.test(line) || /^\d+$/.test(line)) continue
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
