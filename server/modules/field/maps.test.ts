import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { FetchSource, PMTiles, TileType } from 'pmtiles'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunItem, RunsReport } from '../../../shared/schemas/field'
import type { MapArea, MapSaleFeature, MapSalesAnswer, MapSaleSummary, MapSettings } from '../../../shared/schemas/maps'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'
import { expectAnsweredThroughout, healthWhile } from '../../test/hostile'
import { pmtilesArchive } from '../../test/references/pmtiles'
import { CHUNK_BYTES, RANGE_MAX_BYTES } from './field.basemap'

const t = await createTestApp()
const { db, t: tables } = t.database
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())

/** Byte for byte (vitest's deep equality walks a megabyte slowly). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

/** A square around a point (degrees), as an area's outline. */
const square = (lng: number, lat: number, half: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ] as Array<[number, number]>,
  ],
})

let admin = ''
let coach = ''
let backoffice = ''
let teamId = ''
let otherTeamId = ''
let product = { id: '', providerId: '' }
const fresh = async (first: string, team: string) => {
  const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
  const email = `${first.toLowerCase()}.${randomUUID().slice(0, 6)}@demo.test`
  const made = await t.request('POST', '/api/users', {
    cookie: admin,
    body: { email, firstName: first, lastName: 'Karta', password: 'ett-langt-losenord', roleId: roles.find((r) => r.key === 'seller')!.id, teamId: team },
  })
  expect(made.status, made.text).toBe(201)
  const login = await t.login(email, 'ett-langt-losenord')
  return { id: login.answer.userData.id, cookie: login.cookie, push: t.device(login.cookie).push }
}
const sale = (overrides: Record<string, unknown>) => saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }, overrides)
const settings = (cookie: string, body: Record<string, unknown>) =>
  t.request('PUT', '/api/maps/settings', { cookie, body: { basemap: 'plain', styleUrl: null, ...body } })
/** The sales of a box far from every demo sale (the Gulf of Guinea), one by one at street zoom. */
const salesAt = async (cookie: string, lng: number, lat: number, extra = '') => {
  const r = await t.request('GET', `/api/maps/sales?from=${today}&to=${today}&bbox=${lng - 0.5},${lat - 0.5},${lng + 0.5},${lat + 0.5}&zoom=18${extra}`, {
    cookie,
  })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as MapSalesAnswer
}

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  backoffice = (await t.login('backoffice@demo.test')).cookie
  const c = await t.login('coach@demo.test')
  coach = c.cookie
  teamId = c.answer.userData.teamIds[0]!
  const teams = (await t.request('GET', '/api/teams?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string }>
  otherTeamId = teams.find((x) => !c.answer.userData.teamIds.includes(x.id))!.id
  const products = (await t.request('GET', '/api/products?itemsPerPage=5', { cookie: admin })).json.items as Array<{
    id: string
    providerId: string
    active: boolean
  }>
  product = products.find((p) => p.active)!
})

describe('positions on sales', () => {
  it('are kept only while the organisation has them on; the device is told by its report', async () => {
    const seller = await fresh('Positiv', teamId)
    const report = (cookie: string) =>
      t.request('POST', '/api/devices/report', {
        cookie,
        body: { deviceId: randomUUID(), key: 'k'.repeat(43), appVersion: '1.0.0', lastSyncAt: null, pending: 0 },
      })
    expect((await settings(admin, { salePositions: false })).status).toBe(200)
    expect((await report(seller.cookie)).json).toMatchObject({ wipe: false, positions: false })
    expect(await seller.push('createSale', sale({ position: { lat: 1.0, lng: 1.0, accuracy: 12 } }))).toMatchObject({ applied: 1 })
    expect((await salesAt(admin, 1.0, 1.0)).features).toEqual([])

    expect((await settings(admin, { salePositions: true })).json).toMatchObject({ salePositions: true })
    expect((await report(seller.cookie)).json).toMatchObject({ wipe: false, positions: true })
    const kept = sale({ position: { lat: 1.0, lng: 1.0, accuracy: 12 } })
    expect(await seller.push('createSale', kept)).toMatchObject({ applied: 1 })
    expect((await salesAt(admin, 1.0, 1.0)).features).toEqual([{ kind: 'sale', id: kept.id, lat: 1, lng: 1, status: 'finalized', placed: 'device' }])
    // A position that cannot be is refused with the sale, not stored.
    expect(await seller.push('createSale', sale({ position: { lat: 95, lng: 1, accuracy: 1 } }))).toMatchObject({ rejected: 1 })
  })

  it('only those who may change the maps turn them on', async () => {
    for (const cookie of [backoffice, coach, (await t.login('seller@demo.test')).cookie])
      expect((await settings(cookie, { salePositions: true })).status).toBe(403)
    const bad = await settings(admin, { basemap: 'style', styleUrl: 'http://tiles.example.se/style.json', salePositions: true })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json)).toContain('https://')
  })
})

describe('the map of sales', () => {
  it('shows each reader the sales their rules allow: a coach their teams’, back office all; a seller not at all', async () => {
    expect((await settings(admin, { salePositions: true })).status).toBe(200)
    const mine = await fresh('Egen', teamId)
    const other = await fresh('Annan', otherTeamId)
    const a = sale({ position: { lat: 2.0, lng: 2.0, accuracy: 5 } })
    const b = sale({ position: { lat: 2.001, lng: 2.001, accuracy: 5 } })
    expect(await mine.push('createSale', a)).toMatchObject({ applied: 1 })
    expect(await other.push('createSale', b)).toMatchObject({ applied: 1 })
    const ids = (answer: MapSalesAnswer) => answer.features.flatMap((f) => (f.kind === 'sale' ? [f.id] : [])).sort()
    expect(ids(await salesAt(coach, 2, 2))).toEqual([a.id])
    expect(ids(await salesAt(backoffice, 2, 2))).toEqual([a.id, b.id].sort())
    expect(ids(await salesAt(backoffice, 2, 2, `&teamId=${otherTeamId}`))).toEqual([b.id])
    expect(ids(await salesAt(backoffice, 2, 2, '&status=regret'))).toEqual([])
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', `/api/maps/sales?from=${today}&to=${today}`, { cookie: seller })).status).toBe(403)

    // Far out, the two are one cluster with its statuses; its popup lists the sales the reader may see.
    const far = (await t.request('GET', `/api/maps/sales?from=${today}&to=${today}&bbox=1.5,1.5,2.5,2.5&zoom=8`, { cookie: backoffice }))
      .json as unknown as MapSalesAnswer
    const cluster = far.features.find((f): f is Extract<MapSaleFeature, { kind: 'cluster' }> => f.kind === 'cluster')!
    expect(cluster).toMatchObject({ count: 2, statuses: { finalized: 2 } })
    const leaves = (await t.request('GET', `/api/maps/sales/cluster?from=${today}&to=${today}&clusterId=${cluster.id}`, { cookie: backoffice }))
      .json as unknown as MapSaleSummary[]
    expect(leaves.map((x) => x.id).sort()).toEqual([a.id, b.id].sort())
    expect(leaves[0]).toMatchObject({ customerName: 'Karin Kund', status: 'finalized' })
    const coachSees = (await t.request('GET', `/api/maps/sales/summaries?ids=${a.id},${b.id}`, { cookie: coach })).json as unknown as MapSaleSummary[]
    expect(coachSees.map((x) => x.id)).toEqual([a.id])
  })

  it('places a sale without a position by its postal code; the file’s bad rows are listed', async () => {
    const seller = await fresh('Postal', teamId)
    const file = 'Postnummer;Latitud;Longitud\r\n999 88;3,5;3,5\r\n99989;norr;3.5\r\n;3.5;3.5\r\n'
    const imported = await t.request('POST', '/api/maps/postal-codes?country=SE', {
      cookie: admin,
      body: new TextEncoder().encode(file),
      headers: { 'content-type': 'text/csv' },
    })
    expect(imported.status, imported.text).toBe(200)
    expect(imported.json).toMatchObject({ rows: 3, imported: 1 })
    expect((imported.json as { problems: Array<{ row: number }> }).problems.map((p) => p.row)).toEqual([3, 4])
    const noColumns = await t.request('POST', '/api/maps/postal-codes', {
      cookie: admin,
      body: new TextEncoder().encode('Ort;Län\r\nMalmö;Skåne\r\n'),
      headers: { 'content-type': 'text/csv' },
    })
    expect(noColumns.status).toBe(400)
    expect(
      (await t.request('POST', '/api/maps/postal-codes', { cookie: backoffice, body: new TextEncoder().encode(file), headers: { 'content-type': 'text/csv' } }))
        .status,
    ).toBe(403)

    const placed = sale({ postalCode: '999 88', position: null })
    expect(await seller.push('createSale', placed)).toMatchObject({ applied: 1 })
    const answer = await salesAt(admin, 3.5, 3.5)
    expect(answer.features).toEqual([{ kind: 'sale', id: placed.id, lat: 3.5, lng: 3.5, status: 'finalized', placed: 'postalCode' }])
    expect(answer.totals.postalCode).toBeGreaterThanOrEqual(1)
    expect(answer.totals.sales).toBe(answer.totals.device + answer.totals.postalCode + answer.totals.withoutPosition)
    // The whole map (a zoom that reads every placed sale) says where they lie: the map opens on them.
    const all = await t.request('GET', `/api/maps/sales?from=${today}&to=${today}&bbox=-180,-85,180,85&zoom=4&sellerId=${seller.id}`, { cookie: admin })
    const whole = all.json as unknown as MapSalesAnswer
    const [w, s, e, n] = whole.extent!
    expect(w).toBeLessThanOrEqual(3.5)
    expect(e).toBeGreaterThanOrEqual(3.5)
    expect(s).toBeLessThanOrEqual(3.5)
    expect(n).toBeGreaterThanOrEqual(3.5)
    // Nothing placed: no extent, and the map keeps its own start.
    const none = await t.request('GET', `/api/maps/sales?from=2001-01-01&to=2001-01-02&bbox=-180,-85,180,85&zoom=4`, { cookie: admin })
    expect((none.json as unknown as MapSalesAnswer).extent).toBeNull()
  })
})

describe('areas on the map', () => {
  it('are drawn, counted, warned about when they overlap, and kept from being removed while runs use them', async () => {
    expect((await settings(admin, { salePositions: true })).status).toBe(200)
    const seller = await fresh('Omrade', teamId)
    const inside = sale({ position: { lat: 4.0, lng: 4.0, accuracy: 5 } })
    const outside = sale({ position: { lat: 4.3, lng: 4.3, accuracy: 5 } })
    for (const s of [inside, outside]) expect(await seller.push('createSale', s)).toMatchObject({ applied: 1 })
    const make = async (name: string) => (await t.request('POST', '/api/field/areas', { cookie: coach, body: { name, teamId } })).json as { id: string }
    const north = await make(`Norr ${randomUUID().slice(0, 4)}`)
    const south = await make(`Söder ${randomUUID().slice(0, 4)}`)
    const draw = (id: string, shape: unknown, version = 1, sellerIds: string[] = []) =>
      t.request('PUT', `/api/field/areas/${id}`, { cookie: coach, body: { name: `Område ${id.slice(0, 4)}`, teamId, sellerIds, shape, version } })
    expect((await draw(north.id, square(4, 4, 0.1), 1, [seller.id])).status).toBe(204)
    expect((await draw(south.id, square(4.15, 4.15, 0.1))).status).toBe(204)
    expect((await draw(south.id, square(4.15, 4.15, 0.1))).status).toBe(409)
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    }
    const crossing = await draw(south.id, bowTie, 2)
    expect(crossing.status).toBe(400)
    expect(JSON.stringify(crossing.json)).toContain('korsar')
    // Another team's seller is not the area's.
    const stranger = await fresh('Frammande', otherTeamId)
    expect((await draw(south.id, square(4.15, 4.15, 0.1), 2, [stranger.id])).status).toBe(400)

    const areas = (await t.request('GET', `/api/maps/areas?from=${today}&to=${today}&teamId=${teamId}`, { cookie: coach })).json as unknown as MapArea[]
    const n = areas.find((x) => x.id === north.id)!
    const s = areas.find((x) => x.id === south.id)!
    expect(n).toMatchObject({ sales: 1, sellers: [{ id: seller.id, name: 'Omrade Karta' }], overlaps: [{ id: south.id }], may: { edit: true } })
    expect(s).toMatchObject({ sales: 0, overlaps: [{ id: north.id }] })

    // A run in the north area: the seller's sale outside it is counted on the runs screen.
    const made = (
      await t.request('POST', '/api/field/runs', {
        cookie: coach,
        body: { date: today, teamId, sellerIds: [seller.id], areaId: north.id, meetingPlace: null, meetingTime: null, travelDay: false, note: null },
      })
    ).json as unknown as RunItem
    const report = (await t.request('GET', `/api/field/runs-report?from=${today}&to=${today}&teamId=${teamId}`, { cookie: backoffice }))
      .json as unknown as RunsReport
    expect(report.runs.find((r) => r.id === made.id)!.outcome.outsideArea).toBe(1)

    const refused = await t.request('DELETE', `/api/field/areas/${north.id}`, { cookie: coach })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.json)).toContain('körning')
    expect((await t.request('DELETE', `/api/field/areas/${south.id}`, { cookie: coach })).status).toBe(204)
    // Another team's coach may not draw this team's area; a seller sees no areas.
    expect((await t.request('GET', `/api/maps/areas?from=${today}&to=${today}`, { cookie: (await t.login('seller@demo.test')).cookie })).status).toBe(403)
  })
})

describe('an outline whose ring is open (issue 68 Q4)', () => {
  it('is closed on the server before it is stored; one stored before that breaks no list', async () => {
    const make = async (name: string) => (await t.request('POST', '/api/field/areas', { cookie: coach, body: { name, teamId } })).json as { id: string }
    const draw = (id: string, shape: unknown) =>
      t.request('PUT', `/api/field/areas/${id}`, { cookie: coach, body: { name: `Öppen ${id.slice(0, 4)}`, teamId, sellerIds: [], shape, version: 1 } })
    const list = async () => t.request('GET', `/api/maps/areas?from=${today}&to=${today}&teamId=${teamId}`, { cookie: coach })
    const open = square(6, 6, 0.1)
    open.coordinates[0]!.pop()
    const a = await make(`Öppen ${randomUUID().slice(0, 4)}`)
    expect((await draw(a.id, open)).status).toBe(204)
    const [stored] = await db.select({ shape: tables.fieldAreas.shape }).from(tables.fieldAreas).where(eq(tables.fieldAreas.id, a.id))
    expect(stored!.shape).toEqual(square(6, 6, 0.1))
    // Three corners are an outline once closed; two are not.
    const b = await make(`Tre ${randomUUID().slice(0, 4)}`)
    const triangle = {
      type: 'Polygon',
      coordinates: [
        [
          [7, 7],
          [7.1, 7],
          [7, 7.1],
        ],
      ],
    }
    expect((await draw(b.id, triangle)).status).toBe(204)
    expect(
      (
        await draw(b.id, {
          type: 'Polygon',
          coordinates: [
            [
              [7, 7],
              [7.1, 7],
              [7, 7],
            ],
          ],
        })
      ).status,
    ).toBe(400)
    // Outlines stored before: one open overlapping another (its intersection once threw), one that is no outline at all.
    await db.update(tables.fieldAreas).set({ shape: open }).where(eq(tables.fieldAreas.id, a.id))
    await db
      .update(tables.fieldAreas)
      .set({
        shape: {
          type: 'Polygon',
          coordinates: [
            [
              [7, 7],
              [7, 7],
            ],
          ],
        },
      })
      .where(eq(tables.fieldAreas.id, b.id))
    const c = await make(`Granne ${randomUUID().slice(0, 4)}`)
    expect((await draw(c.id, square(6.05, 6.05, 0.1))).status).toBe(204)
    const r = await list()
    expect(r.status, r.text).toBe(200)
    const areas = r.json as unknown as MapArea[]
    expect(areas.find((x) => x.id === a.id)).toMatchObject({ shape: square(6, 6, 0.1), overlaps: [{ id: c.id }] })
    expect(areas.find((x) => x.id === b.id)).toMatchObject({ shape: null, sales: 0 })
    for (const id of [a.id, b.id, c.id]) expect((await t.request('DELETE', `/api/field/areas/${id}`, { cookie: coach })).status).toBe(204)
  })
})

describe('the basemap', () => {
  /** A PMTiles header (vector, zoom 0–14, the Nordics) and then bytes that count, across more than two pieces. */
  const archive = (size = CHUNK_BYTES * 2 + 1000) => {
    const bytes = new Uint8Array(size)
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251
    bytes.set([...'PMTiles'].map((c) => c.charCodeAt(0)))
    bytes[7] = 3
    const v = new DataView(bytes.buffer)
    bytes[99] = 1
    bytes[100] = 0
    bytes[101] = 14
    v.setInt32(102, 10.5e7, true)
    v.setInt32(106, 55e7, true)
    v.setInt32(110, 24.5e7, true)
    v.setInt32(114, 69.5e7, true)
    bytes[118] = 5
    v.setInt32(119, 15e7, true)
    v.setInt32(123, 62e7, true)
    return bytes
  }

  it('an uploaded PMTiles file is served in ranges to those who see the maps', async () => {
    const bytes = archive()
    const up = await t.request('POST', '/api/maps/basemap', {
      cookie: admin,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'norden.pmtiles' },
    })
    expect(up.status, up.text).toBe(201)
    expect(up.json).toMatchObject({ name: 'norden.pmtiles', size: bytes.length, tileType: 'mvt', maxZoom: 14, bounds: [10.5, 55, 24.5, 69.5] })
    const s = (await t.request('GET', '/api/maps/settings', { cookie: coach })).json as unknown as MapSettings
    expect(s).toMatchObject({ basemap: 'pmtiles', file: { name: 'norden.pmtiles' }, may: { edit: false } })

    const range = async (header: string) => t.request('GET', '/api/maps/basemap.pmtiles', { cookie: coach, headers: { range: header } })
    const head = await range('bytes=0-126')
    expect(head.status).toBe(206)
    expect(head.res.headers.get('content-range')).toBe(`bytes 0-126/${bytes.length}`)
    expect(same(head.bytes, bytes.subarray(0, 127))).toBe(true)
    // Across the boundary of two pieces.
    const across = await range(`bytes=${CHUNK_BYTES - 10}-${CHUNK_BYTES + 9}`)
    expect(same(across.bytes, bytes.subarray(CHUNK_BYTES - 10, CHUNK_BYTES + 10))).toBe(true)
    const tail = await range('bytes=-100')
    expect(same(tail.bytes, bytes.subarray(bytes.length - 100))).toBe(true)
    expect((await range(`bytes=${bytes.length}-`)).status).toBe(416)
    const whole = await t.request('GET', '/api/maps/basemap.pmtiles', { cookie: coach })
    expect(whole.status).toBe(200)
    expect(same(whole.bytes, bytes)).toBe(true)
    expect(
      (await t.request('GET', '/api/maps/basemap.pmtiles', { cookie: (await t.login('seller@demo.test')).cookie, headers: { range: 'bytes=0-10' } })).status,
    ).toBe(403)
  })

  it('a file that is not PMTiles is refused and the map keeps its file', async () => {
    const zip = new Uint8Array(4096)
    zip.set([0x50, 0x4b, 0x03, 0x04])
    const refused = await t.request('POST', '/api/maps/basemap', { cookie: admin, body: zip, headers: { 'content-type': 'application/octet-stream' } })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.json)).toContain('PMTiles')
    expect((await t.request('POST', '/api/maps/basemap', { cookie: backoffice, body: zip })).status).toBe(403)
    const s = (await t.request('GET', '/api/maps/settings', { cookie: admin })).json as unknown as MapSettings
    expect(s.file?.name).toBe('norden.pmtiles')
    expect((await t.request('GET', '/api/maps/basemap.pmtiles', { cookie: admin, headers: { range: 'bytes=0-6' } })).text).toBe('PMTiles')
  })

  it('is read by the reference PMTiles reader (the map’s own) over HTTP, tiles across pieces included', async () => {
    const tile = (n: number, size: number) => {
      const data = new Uint8Array(size)
      for (let i = 0; i < size; i++) data[i] = (i * 31 + n) % 251
      data.set([0x89, 0x50, 0x4e, 0x47])
      return data
    }
    const tiles = [
      { z: 0, x: 0, y: 0, data: tile(1, 300) },
      { z: 5, x: 17, y: 9, data: tile(2, 100_000) },
      // Across three of the server's pieces.
      { z: 7, x: 70, y: 37, data: tile(3, 2 * CHUNK_BYTES + 12_345) },
      { z: 7, x: 71, y: 37, data: tile(4, 5_000) },
    ]
    const archive = pmtilesArchive(tiles)
    const up = await t.request('POST', '/api/maps/basemap', {
      cookie: admin,
      body: archive,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'ref.pmtiles' },
    })
    expect(up.status, up.text).toBe(201)
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/maps/basemap.pmtiles`
      const reader = new PMTiles(new FetchSource(url, new Headers({ cookie: coach })))
      const header = await reader.getHeader()
      expect(header).toMatchObject({ specVersion: 3, tileType: TileType.Png, minZoom: 0, maxZoom: 7, numAddressedTiles: 4, centerLon: 15, centerLat: 62 })
      for (const t0 of tiles) {
        const got = await reader.getZxy(t0.z, t0.x, t0.y)
        expect(got && same(new Uint8Array(got.data), t0.data), `tile ${t0.z}/${t0.x}/${t0.y}`).toBe(true)
      }
      expect(await reader.getZxy(7, 72, 37)).toBeUndefined()
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('a range as long as the file is answered with its first 4 MiB, piece by piece, while the server keeps answering (issue 68 Q3)', async () => {
    const bytes = archive(RANGE_MAX_BYTES * 3 + 1000)
    const up = await t.request('POST', '/api/maps/basemap', {
      cookie: admin,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'stor.pmtiles' },
    })
    expect(up.status, up.text).toBe(201)
    // Eight readers each asking for the whole file from its first byte. They only count what arrives (this thread is
    // the server's too: decoding 64 MiB here would be the test's own stall, not the server's).
    const reader = async () => {
      const res = await t.app.request('http://localhost/api/maps/basemap.pmtiles', { headers: { cookie: coach, range: 'bytes=0-' } })
      let length = 0
      const first: Uint8Array[] = []
      for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
        length += piece.byteLength
        if (first.length < 2) first.push(piece)
      }
      return { status: res.status, range: res.headers.get('content-range'), length, head: Buffer.concat(first) }
    }
    const { result, health } = await healthWhile(t.request, () => Promise.all(Array.from({ length: 8 }, reader)))
    for (const r of result) {
      expect([r.status, r.range, r.length]).toEqual([206, `bytes 0-${RANGE_MAX_BYTES - 1}/${bytes.length}`, RANGE_MAX_BYTES])
      expect(same(r.head, bytes.subarray(0, r.head.length))).toBe(true)
    }
    expectAnsweredThroughout(health)
    // The rest is asked for as a client does after a shorter answer: from where it ended, across pieces.
    const rest = await t.request('GET', '/api/maps/basemap.pmtiles', {
      cookie: coach,
      headers: { range: `bytes=${RANGE_MAX_BYTES - 5}-${RANGE_MAX_BYTES * 2 + 4}` },
    })
    expect(rest.res.headers.get('content-range')).toBe(`bytes ${RANGE_MAX_BYTES - 5}-${RANGE_MAX_BYTES * 2 - 6}/${bytes.length}`)
    expect(same(rest.bytes, bytes.subarray(RANGE_MAX_BYTES - 5, RANGE_MAX_BYTES * 2 - 5))).toBe(true)
  })
})
