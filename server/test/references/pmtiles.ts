import { zxyToTileId } from 'pmtiles'

/**
 * A PMTiles version 3 archive as its specification lays one out (protomaps/PMTiles `spec/v3/spec.md`): the 127-byte
 * header, the root directory (tile ids delta-encoded, then run lengths, lengths and offsets as varints), the metadata
 * and the tile data, nothing compressed. Made here so the basemap is read by the reference reader itself (the `pmtiles`
 * package, which the app's map uses) and a mistake in this writer fails that reader, not passes by agreement.
 */
export type Tile = { z: number; x: number; y: number; data: Uint8Array }

function varints(values: number[]): number[] {
  const out: number[] = []
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80)
      v = Math.floor(v / 0x80)
    }
    out.push(v)
  }
  return out
}

export function pmtilesArchive(tiles: Tile[], opts: { tileType?: number } = {}): Buffer {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id)
  let offset = 0
  const placed = entries.map((e) => {
    const p = { ...e, offset, length: e.data.byteLength }
    offset += e.data.byteLength
    return p
  })
  const directory = Buffer.from(
    varints([
      placed.length,
      ...placed.map((e, i) => e.id - (i === 0 ? 0 : placed[i - 1]!.id)),
      ...placed.map(() => 1),
      ...placed.map((e) => e.length),
      ...placed.map((e, i) => (i > 0 && e.offset === placed[i - 1]!.offset + placed[i - 1]!.length ? 0 : e.offset + 1)),
    ]),
  )
  const metadata = Buffer.from('{"name":"saljkraft-test"}')
  const data = Buffer.concat(placed.map((e) => Buffer.from(e.data)))
  const header = Buffer.alloc(127)
  header.write('PMTiles', 0, 'latin1')
  header[7] = 3
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at)
  u64(8, 127)
  u64(16, directory.length)
  u64(24, 127 + directory.length)
  u64(32, metadata.length)
  u64(40, 0)
  u64(48, 0)
  u64(56, 127 + directory.length + metadata.length)
  u64(64, data.length)
  u64(72, placed.length)
  u64(80, placed.length)
  u64(88, placed.length)
  header[96] = 1 // clustered
  header[97] = 1 // internal compression: none
  header[98] = 1 // tile compression: none
  header[99] = opts.tileType ?? 2 // png
  const zooms = tiles.map((t) => t.z)
  header[100] = Math.min(...zooms)
  header[101] = Math.max(...zooms)
  const e7 = (at: number, v: number) => header.writeInt32LE(Math.round(v * 1e7), at)
  e7(102, 10.5)
  e7(106, 55)
  e7(110, 24.5)
  e7(114, 69.5)
  header[118] = Math.min(...zooms)
  e7(119, 15)
  e7(123, 62)
  return Buffer.concat([header, directory, metadata, data])
}
