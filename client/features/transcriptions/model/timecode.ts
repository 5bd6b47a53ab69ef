/** A time in a call (seconds) as people read it: "1:05", or "1:02:03" past an hour. */
export function timecode(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/** The segment being said at `time`: the last one that started at or before it (-1 before the first). */
export function segmentAt(segments: ReadonlyArray<{ start: number }>, time: number): number {
  let found = -1
  for (let i = 0; i < segments.length; i++) {
    if (segments[i]!.start <= time) found = i
    else break
  }
  return found
}

/** A script's phrases from the lines a person typed (one per line, blank lines left out), keeping ids of phrases that stayed. */
export function phrasesOf(text: string, before: ReadonlyArray<{ id: string; text: string }>): Array<{ id: string; text: string }> {
  const byText = new Map(before.map((p) => [p.text, p.id]))
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length >= 2)
    .map((line, i) => ({ id: byText.get(line) ?? `p${Date.now().toString(36)}${i}`, text: line.slice(0, 200) }))
}
