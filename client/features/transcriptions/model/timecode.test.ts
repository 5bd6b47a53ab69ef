import { describe, expect, it } from 'vitest'
import { phrasesOf, segmentAt, timecode } from './timecode'

describe('a call’s times and a script’s lines', () => {
  it('writes times as people read them', () => {
    expect([timecode(0), timecode(65.4), timecode(3723)]).toEqual(['0:00', '1:05', '1:02:03'])
  })
  it('finds the segment being said', () => {
    const segs = [{ start: 0 }, { start: 4 }, { start: 9 }]
    expect([segmentAt(segs, 0), segmentAt(segs, 5), segmentAt(segs, 30), segmentAt([{ start: 2 }], 1)]).toEqual([0, 1, 2, -1])
  })
  it('reads a script’s phrases one per line, keeping the ids of those that stayed', () => {
    const phrases = phrasesOf('ringer från Säljkraft\n\n  bekräftelse skriftligen \nx', [{ id: 'a', text: 'ringer från Säljkraft' }])
    expect(phrases.map((p) => p.text)).toEqual(['ringer från Säljkraft', 'bekräftelse skriftligen'])
    expect(phrases[0]!.id).toBe('a')
  })
})
