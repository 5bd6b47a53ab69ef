import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { transcriptSegments, webvttCues } from './transcriptions.webvtt'

/**
 * WebVTT as its specification defines it. The file-parsing cases of the specification's own test suite
 * (web-platform-tests webvtt/parsing/file-parsing/tests, as w3c/webvtt.js carries them; server/test/references/webvtt)
 * run against the cues the app reads, with the field names and the comparison w3c/webvtt.js's own harness uses; then a call's file as a
 * telesales tool exports one reads as one segment a cue, with its times and its speaker.
 */
const dir = new URL('../../test/references/webvtt/', import.meta.url)
const cases = readdirSync(dir).filter((f) => f.endsWith('.vtt'))

describe('the WebVTT specification’s file-parsing tests', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(25))

  it.each(cases)('%s', (file) => {
    const vtt = readFileSync(new URL(file, dir), 'utf8')
    const assertions = readFileSync(new URL(file.replace(/\.vtt$/, '.js'), dir), 'utf8')
    const cues = webvttCues(vtt).map((c) => {
      const cue = c as typeof c & { direction: string; alignment: string; linePosition: unknown; textPosition: unknown }
      return { ...cue, vertical: cue.direction === 'horizontal' ? '' : cue.direction, align: cue.alignment, line: cue.linePosition, position: cue.textPosition }
    })
    let asserted = 0
    // Compared as w3c/webvtt.js's own harness compares them (chai's assert.equal): -0 and 0 alike.
    const assert_equals = (actual: unknown, expected: unknown, message?: string) => {
      asserted++
      expect(actual == expected, `${message ?? ''} ${String(actual)} == ${String(expected)}`).toBe(true)
    }
    const assert_true = (actual: unknown, message?: string) => {
      asserted++
      expect(actual, message).toBe(true)
    }
    const assert_false = (actual: unknown, message?: string) => {
      asserted++
      expect(actual, message).toBe(false)
    }
    // The suite's assertions, run as its harness runs them: code of the reference's, over our cues.
    new Function('cues', 'assert_equals', 'assert_true', 'assert_false', assertions)(cues, assert_equals, assert_true, assert_false)
    // stylesheets.js only comments that a style cannot be checked from script; every other case asserts.
    if (file !== 'stylesheets.vtt') expect(asserted).toBeGreaterThan(0)
  })
})

describe('a call’s WebVTT file as segments', () => {
  it('reads five cues as five segments with their times and speakers, never a note, a style, an id or a setting', () => {
    const file = [
      'WEBVTT - Samtal 2026-11-29',
      '',
      'NOTE Exporterat från telefonin',
      'samtals-id 4711',
      '',
      'STYLE',
      '::cue(v[voice="Säljare"]) { color: blue }',
      '',
      '1',
      '00:00:01.000 --> 00:00:04.500 align:start position:10%',
      '<v Säljare>Hej, jag heter Anna och ringer från Elbolaget.</v>',
      '',
      'kund-1',
      '00:00:04.500 --> 00:00:06.000',
      '<v Kund>Hej, vad gäller det?',
      '',
      '00:00:06.000 --> 00:00:10.250 line:0',
      '<v.loud Säljare>Ett erbjudande på <b>fast pris</b> &amp; ingen bindningstid.',
      '',
      'NOTE ingen text här',
      '',
      '00:01:02.000 --> 00:01:05.000',
      '<v Kund>Skicka det',
      'skriftligen, tack.',
      '',
      '01:00:00.000 --> 01:00:01.000',
      'Tack!',
      '',
    ].join('\n')
    expect(transcriptSegments(file)).toEqual([
      { start: 1, end: 4.5, text: 'Hej, jag heter Anna och ringer från Elbolaget.', speaker: 'Säljare' },
      { start: 4.5, end: 6, text: 'Hej, vad gäller det?', speaker: 'Kund' },
      { start: 6, end: 10.25, text: 'Ett erbjudande på fast pris & ingen bindningstid.', speaker: 'Säljare' },
      { start: 62, end: 65, text: 'Skicka det skriftligen, tack.', speaker: 'Kund' },
      { start: 3600, end: 3601, text: 'Tack!' },
    ])
  })

  it('reads a text that is no WebVTT file line by line, as before', () => {
    expect(transcriptSegments('[00:05] Säljare: Hej!\n00:09 Kund: Hej hej')).toEqual([
      { start: 5, end: 9, text: 'Hej!', speaker: 'Säljare' },
      { start: 9, end: 9, text: 'Hej hej', speaker: 'Kund' },
    ])
  })
})
