/**
 * What a PNG says about itself before anyone decodes it (the PNG specification, third edition: the signature, then
 * chunks of length, type, data and CRC, IHDR first). Decoding costs width × height × 4 bytes whatever the file's
 * size — 31 kB can declare 16,000 × 16,000 pixels — so a server reads this first and refuses what no legitimate
 * source of its images makes. Animated PNGs (acTL, fcTL, fdAT) are refused: a decoder expands every frame.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const ANIMATION = new Set(['acTL', 'fcTL', 'fdAT'])

export type PngFacts = { width: number; height: number; bitDepth: number; colorType: number; animated: boolean; chunks: number }

/** The header's facts and whether the file animates, by walking its chunks (no decoding); null when it is no PNG. */
export function pngFacts(bytes: Uint8Array): PngFacts | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (b.length < 8 + 25 || !b.subarray(0, 8).equals(SIGNATURE)) return null
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null
  const facts: PngFacts = { width: b.readUInt32BE(16), height: b.readUInt32BE(20), bitDepth: b[24]!, colorType: b[25]!, animated: false, chunks: 0 }
  let at = 8
  let ended = false
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at)
    const type = b.toString('latin1', at + 4, at + 8)
    if (!/^[A-Za-z]{4}$/.test(type) || at + 12 + length > b.length) return null
    facts.chunks += 1
    if (ANIMATION.has(type)) facts.animated = true
    at += 12 + length
    if (type === 'IEND') {
      ended = true
      break
    }
  }
  return ended ? facts : null
}
