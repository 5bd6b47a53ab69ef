import { describe, expect, it } from 'vitest'
import type { Polygon } from '../schemas/maps'
import { mapSettingsInputSchema, polygonSchema } from '../schemas/maps'
import { closedRing, countInAreas, inArea, overlappingAreas, parsePostalRow, placeOf, postalColumns, readPmtilesHeader, shapeProblem, visitAge } from './maps'

const square = (w: number, s: number, e: number, n: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})
/** Malmö's centre, about 2 × 2 km. */
const malmo = square(12.99, 55.59, 13.02, 55.61)
/** An L-shaped area (a concave outline): the notch is outside. */
const ell: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ],
  ],
}

describe('a point in an area', () => {
  it.each([
    ['inside', { lng: 13.0, lat: 55.6 }, malmo, true],
    ['outside to the east', { lng: 13.03, lat: 55.6 }, malmo, false],
    ['on the edge', { lng: 12.99, lat: 55.6 }, malmo, true],
    ['on a corner', { lng: 12.99, lat: 55.59 }, malmo, true],
    ['in the L', { lng: 0.5, lat: 1.5 }, ell, true],
    ["in the L's notch", { lng: 1.5, lat: 1.5 }, ell, false],
    ["in the L's foot", { lng: 1.5, lat: 0.5 }, ell, true],
  ])('%s', (_name, point, shape, expected) => {
    expect(inArea(point, shape)).toBe(expected)
  })
})

describe("the areas' counts", () => {
  const points = [
    { lng: 13.0, lat: 55.6 },
    { lng: 13.01, lat: 55.6 },
    { lng: 13.05, lat: 55.6 },
    { lng: 0.5, lat: 1.5 },
    { lng: 1.5, lat: 1.5 },
    { lng: 1.5, lat: 0.5 },
  ]
  it.each([
    ['two points in Malmö, one east of it', 'malmo', 2],
    ['two in the L, the notch left out', 'ell', 2],
    ['an area without an outline has none', 'unshaped', 0],
  ])('%s', (_name, id, expected) => {
    const counts = countInAreas(points, [
      { id: 'malmo', shape: malmo },
      { id: 'ell', shape: ell },
      { id: 'unshaped', shape: null },
    ])
    expect(counts.get(id)).toBe(expected)
  })
  it('no points: every area counts 0', () => {
    expect([...countInAreas([], [{ id: 'malmo', shape: malmo }])]).toEqual([['malmo', 0]])
  })
  it('a point in two overlapping areas counts in both', () => {
    const counts = countInAreas(
      [{ lng: 13.0, lat: 55.6 }],
      [
        { id: 'a', shape: malmo },
        { id: 'b', shape: square(12.995, 55.595, 13.05, 55.65) },
      ],
    )
    expect([counts.get('a'), counts.get('b')]).toEqual([1, 1])
  })
})

describe('overlapping areas', () => {
  it.each([
    ['overlapping', square(13.0, 55.6, 13.05, 55.65), true],
    ['one inside the other', square(13.0, 55.595, 13.01, 55.605), true],
    ['sharing a border', square(13.02, 55.59, 13.05, 55.61), false],
    ['apart', square(14, 56, 14.1, 56.1), false],
  ])('%s', (_name, other, expected) => {
    const found = overlappingAreas([
      { id: 'a', shape: malmo },
      { id: 'b', shape: other },
      { id: 'c', shape: null },
    ])
    expect(found.get('a')).toEqual(expected ? ['b'] : [])
    expect(found.get('b')).toEqual(expected ? ['a'] : [])
    expect(found.get('c')).toEqual([])
  })
})

describe('an outline as drawn', () => {
  it.each([
    ['a square', malmo, null],
    [
      'a bow tie (edges crossing)',
      {
        type: 'Polygon',
        coordinates: [
          closedRing([
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
          ]),
        ],
      } as Polygon,
      'crossing',
    ],
    [
      'three corners, two the same',
      {
        type: 'Polygon',
        coordinates: [
          closedRing([
            [0, 0],
            [1, 1],
            [1, 1],
          ]),
        ],
      } as Polygon,
      'tooFewPoints',
    ],
    ['the L', ell, null],
  ])('%s', (_name, shape, expected) => {
    expect(shapeProblem(shape)).toBe(expected)
  })
  it('the schema takes one closed ring of at least three corners', () => {
    expect(polygonSchema.safeParse(malmo).success).toBe(true)
    expect(
      polygonSchema.safeParse({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }).success,
    ).toBe(false)
    expect(
      polygonSchema.safeParse({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [200, 1],
            [1, 0],
            [0, 0],
          ],
        ],
      }).success,
    ).toBe(false)
  })
  it('closes a ring once', () => {
    expect(
      closedRing([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ])
    expect(
      closedRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toHaveLength(4)
  })
})

describe('where a sale is placed', () => {
  const postal = (country: string, code: string) =>
    country === 'SE' && code === '21145' ? { lng: 13.0, lat: 55.6 } : country === 'FI' && code === '00100' ? { lng: 24.94, lat: 60.17 } : undefined
  it.each([
    ['the device recorded it', { lat: 59.3, lng: 18.0, postalCode: '211 45', country: 'SE' }, { lat: 59.3, lng: 18.0, placed: 'device' }],
    ['by its postal code, spaces and all', { lat: null, lng: null, postalCode: '211 45', country: 'SE' }, { lat: 55.6, lng: 13.0, placed: 'postalCode' }],
    ["by the office's country", { lat: null, lng: null, postalCode: '00100', country: 'FI' }, { lat: 60.17, lng: 24.94, placed: 'postalCode' }],
    ['the same digits in another country are not placed', { lat: null, lng: null, postalCode: '00100', country: 'SE' }, null],
    ['an unknown postal code', { lat: null, lng: null, postalCode: '99999', country: 'SE' }, null],
    ['no postal code', { lat: null, lng: null, postalCode: null, country: 'SE' }, null],
  ])('%s', (_name, sale, expected) => {
    expect(placeOf(sale, postal)).toEqual(expected)
  })
})

describe("a door's age", () => {
  const now = Date.parse('2026-11-28T12:00:00Z')
  it.each([
    [0, 'week'],
    [7, 'week'],
    [8, 'month'],
    [30, 'month'],
    [31, 'older'],
  ])('%i days ago: %s', (days, expected) => {
    expect(visitAge(now - days * 86_400_000, now)).toBe(expected)
  })
})

describe("the postal codes' file", () => {
  it.each([
    [['Postnummer', 'Latitud', 'Longitud'], { postalCode: 0, lat: 1, lng: 2, country: null }],
    [['postinumero', 'leveysaste', 'pituusaste', 'maa'], { postalCode: 0, lat: 1, lng: 2, country: 3 }],
    [['zip', 'lon', 'lat'], { postalCode: 0, lat: 2, lng: 1, country: null }],
    [['Postnummer', 'Ort'], null],
  ])('%j', (headers, expected) => {
    expect(postalColumns(headers)).toEqual(expected)
  })
  const columns = { postalCode: 0, lat: 1, lng: 2, country: null }
  it.each([
    [['211 45', '55.6', '13.0'], { postalCode: '21145', lat: 55.6, lng: 13, country: 'SE' }],
    [['211 45', '55,6', '13,0'], { postalCode: '21145', lat: 55.6, lng: 13, country: 'SE' }],
    [['', '55.6', '13.0'], { problem: 'validation.maps.postal.code' }],
    [['21145', '95', '13.0'], { problem: 'validation.maps.postal.position' }],
    [['21145', 'norr', '13.0'], { problem: 'validation.maps.postal.position' }],
    [['21145', '55.6', ''], { problem: 'validation.maps.postal.position' }],
  ])('%j', (cells, expected) => {
    expect(parsePostalRow(cells, columns, 'SE')).toEqual(expected)
  })
  it("a row's own country wins, a bad one is a problem", () => {
    const withCountry = { ...columns, country: 3 }
    expect(parsePostalRow(['00100', '60.17', '24.94', 'fi'], withCountry, 'SE')).toMatchObject({ country: 'FI' })
    expect(parsePostalRow(['00100', '60.17', '24.94', 'Finland'], withCountry, 'SE')).toEqual({ problem: 'validation.maps.postal.country' })
  })
})

describe('a PMTiles header', () => {
  const header = (tileType: number, magic = 'PMTiles', version = 3) => {
    const b = new Uint8Array(127)
    b.set([...magic].map((c) => c.charCodeAt(0)))
    b[7] = version
    const v = new DataView(b.buffer)
    b[99] = tileType
    b[100] = 0
    b[101] = 14
    v.setInt32(102, 10.5e7, true)
    v.setInt32(106, 55.0e7, true)
    v.setInt32(110, 24.5e7, true)
    v.setInt32(114, 69.5e7, true)
    b[118] = 6
    v.setInt32(119, 15.0e7, true)
    v.setInt32(123, 60.0e7, true)
    return b
  }
  it('a vector archive of the Nordics', () => {
    expect(readPmtilesHeader(header(1))).toEqual({ tileType: 'mvt', minZoom: 0, maxZoom: 14, bounds: [10.5, 55, 24.5, 69.5], center: [15, 60, 6] })
  })
  it.each([
    ['a raster archive', header(4), 'webp'],
    ['another file', header(1, 'PK\u0003\u0004xx'), null],
    ['version 2', header(1, 'PMTiles', 2), null],
    ['an unknown tile type', header(9), null],
    ['too short', new Uint8Array(20), null],
  ])('%s', (_name, bytes, expected) => {
    expect(readPmtilesHeader(bytes)?.tileType ?? null).toBe(expected)
  })
})

describe('the map settings', () => {
  it.each([
    [{ basemap: 'plain', styleUrl: null, salePositions: false }, true],
    [{ basemap: 'style', styleUrl: 'https://tiles.example.se/style.json', salePositions: true }, true],
    [{ basemap: 'style', styleUrl: null, salePositions: true }, false],
    [{ basemap: 'style', styleUrl: 'http://tiles.example.se/style.json', salePositions: true }, false],
    [{ basemap: 'style', styleUrl: 'javascript:alert(1)', salePositions: true }, false],
    [{ basemap: 'plain', styleUrl: 'http://localhost:8080/style.json', salePositions: false }, true],
  ])('%j', (input, ok) => {
    expect(mapSettingsInputSchema.safeParse(input).success).toBe(ok)
  })
})
