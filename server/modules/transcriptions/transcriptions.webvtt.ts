import { createRequire } from 'node:module'
import { isWebVTT, segmentsFromText, type Segment } from '../../../shared/rules/transcriptions'

/** The W3C's WebVTT parser (w3c/webvtt.js, published as `webvtt-parser`): what the area uses of it. */
type WebVTTNode = { type: 'text' | 'object'; name?: string; value?: string; children?: WebVTTNode[] }
export type WebVTTCue = { id: string; startTime: number; endTime: number; text: string; tree: { children: WebVTTNode[] } }
type WebVTTParser = new (entities?: Record<string, string>) => { parse(input: string, mode?: 'subtitles'): { cues: WebVTTCue[] } }

// A CommonJS package that sets its exports at run time (Node's ESM cannot name them), with a JSON file of entities.
const require = createRequire(import.meta.url)
const { WebVTTParser } = require('webvtt-parser') as { WebVTTParser: WebVTTParser }
const HTML_ENTITIES = require('webvtt-parser/html-entities.json') as Record<string, string>

/**
 * A WebVTT file's cues as the W3C specification's parser reads them: NOTE, STYLE and REGION blocks, cue identifiers
 * and cue settings are not spoken text; a cue without a valid timing line is dropped. With HTML's named character
 * references, as the parser's README says the specification wants (by default it knows six and reads `&amp;` as `&;`).
 */
export function webvttCues(text: string): WebVTTCue[] {
  return new WebVTTParser(HTML_ENTITIES).parse(text, 'subtitles').cues
}

/** A cue's words without its markup, and the voice (`<v Anna>`) that says them, when it names one. */
function cueWords(cue: WebVTTCue): { text: string; speaker: string | null } {
  let speaker: string | null = null
  const walk = (nodes: WebVTTNode[]): string =>
    nodes
      .map((n) => {
        if (n.type === 'text') return n.value ?? ''
        if (n.name === 'v' && n.value && speaker === null) speaker = n.value.trim()
        return n.name === 'rt' ? '' : walk(n.children ?? [])
      })
      .join('')
  return { text: walk(cue.tree.children).replace(/\s+/g, ' ').trim(), speaker }
}

/**
 * A call's text as segments: a WebVTT file (its signature first) as the specification reads it — one segment a cue,
 * from its start to its end, its voice as the speaker — and anything else as typed text, a line each.
 */
export function transcriptSegments(text: string): Segment[] {
  if (!isWebVTT(text)) return segmentsFromText(text)
  return webvttCues(text).flatMap((cue) => {
    const { text: words, speaker } = cueWords(cue)
    return words ? [{ start: cue.startTime, end: cue.endTime, text: words, ...(speaker ? { speaker } : {}) }] : []
  })
}
