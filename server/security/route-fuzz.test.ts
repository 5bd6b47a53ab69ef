import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { watchWrites } from '../db/write-watch'
import { declaredAccess } from '../lib/access'
import { XLSX_TYPE } from '../../shared/schemas/files'
import { createTestApp } from '../test/harness'
import { longSingleLine, pngBomb } from '../test/hostile'
import { wideWorkbook, workbookBomb } from '../test/workbooks'

/**
 * Every registered API route — present and future, read from the app itself — gets hostile input: object-member
 * names ("__proto__", "constructor", …) as keys and values, lone surrogates, control characters, days outside the
 * date rule, very long strings, deep nesting, the shapes issue 68 found (a PNG bomb, a 199,000-character line, an
 * open ring, `/\\host` links, date-times on days that do not exist),
 * wrong types and unknown fields, in bodies, queries and path parameters (fast-check generates them). Every
 * answer is a success or a 4xx with a readable error (field errors for a validation failure), never a 5xx,
 * and a 4xx writes nothing (a trigger on every table counts the rows written: the count is read before and
 * after). A new route is covered without anyone remembering to add it here.
 */

const t = await createTestApp()
// Nothing writes but the requests: the event dispatcher and the job runner would write deliveries and job rows
// between them (the requests' own events stay undelivered, and a refusal that recorded one is counted).
await Promise.all([t.events.stop(), t.jobs.stop()])

const wide = await wideWorkbook()
const bomb = workbookBomb(170 * 1024 * 1024)
// Issue 68's shapes, under the names routes read them by: an image declaring a gigabyte of pixels, a 199,000-character
// line, an outline whose ring is open, links a browser reads as another site, date-times on days that do not exist.
const png = pngBomb()
const line = longSingleLine(199_000)
const openRing = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
  ],
}
const hostileShapes = JSON.stringify({
  signature: `data:image/png;base64,${png.toString('base64')}`,
  image: `data:image/png;base64,${png.toString('base64')}`,
  text: line,
  body: line,
  shape: openRing,
  href: '/\\evil.example/login',
  to: '/\\evil.example/login',
  link: '/\t/evil.example',
  at: '2026-13-01T09:00',
  callAt: '2027-02-30T09:00',
  recurrence: { kind: 'once', at: '2027-02-30T09:00' },
})

type Route = { method: string; path: string; isPublic: boolean }
const routes: Route[] = []
for (const r of t.app.routes) {
  if (!r.path.startsWith('/api/') || r.method === 'ALL') continue
  if (routes.some((x) => x.method === r.method && x.path === r.path)) continue
  routes.push({ method: r.method, path: r.path, isPublic: declaredAccess(r.handler)?.kind === 'public' })
}

// Tables a refused request may still write by design: sign-in counters (a failed sign-in is counted before
// anything else) and a session's last-seen time.
const writes = await watchWrites(t.database, ['sessions', 'rate_limits'])

const MEMBER_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'then']
const LONE = ['\ud800', '\udfff', 'a\ud83d', '\ude00b', 'x\udbff\udbffy']
const nastyString = fc.oneof(
  fc.constantFrom(...MEMBER_NAMES),
  fc.constantFrom(...LONE),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('x'.repeat(5_000), 'å'.repeat(70_000), '', ' ', '\u0000', '%', '../../etc/passwd', "'; drop table users; --", '1e309', '-0'),
  // Control characters (PostgreSQL cannot store NUL in text) and days outside the date rule (year 0000 once looped
  // the assistant without end).
  fc.constantFrom('a\u0000b', 'x\u001b[2J', '0000-01-01', '0000-00-00', '9999-99-99', '2026-13-01', '9999-12-31', '0000-01'),
)
const nastyKey = fc.oneof(fc.constantFrom(...MEMBER_NAMES), fc.constantFrom(...LONE), fc.string({ maxLength: 12 }))
const deep = fc
  .integer({ min: 20, max: 2_000 })
  .chain((depth) =>
    fc.constantFrom(JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown, JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) as unknown),
  )
const { value: nastyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-1), fc.constant(2 ** 53)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie('value'), { maxKeys: 5 }),
    deep,
  ),
}))
/** A body: usually an object (the shape every JSON route takes), sometimes anything. */
const nastyBody = fc.oneof({ weight: 4, arbitrary: fc.dictionary(nastyKey, nastyValue, { maxKeys: 6 }) }, { weight: 1, arbitrary: nastyValue })
// Query strings and path segments are percent-encoded: lone surrogates arrive as invalid UTF-8 sequences.
const rawSegment = fc.oneof(
  nastyString.map((s) => encodeURIComponent(s.toWellFormed())),
  fc.constantFrom('%ED%A0%80', '%FF', '%', '%zz', '%00', 'a%00b', '%1B', '%2e%2e', '__proto__', 'constructor', '0000-01-01', '2026-13-01'),
)
const nastyQuery = fc.array(fc.tuple(rawSegment, rawSegment), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))

async function session() {
  return (await t.login('admin@demo.test')).cookie
}

function check(route: Route, status: number, text: string) {
  const label = `${route.method} ${route.path} → ${status} ${text.slice(0, 300)}`
  // Readiness is 503 by design here, where the job runner and the event dispatcher are stopped, and says so.
  if (route.path === '/api/health/ready' && status === 503) {
    const body = JSON.parse(text) as { status: string; checks: Array<{ name: string; ok: boolean }> }
    expect([body.status, body.checks.filter((c) => !c.ok).map((c) => c.name)], label).toEqual(['notReady', ['jobs', 'events']])
    return
  }
  expect(status, label).toBeLessThan(500)
  if (status >= 400) {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; fieldErrors?: unknown }
    expect(typeof body.error, label).toBe('string')
    expect(typeof body.message, label).toBe('string')
    if (body.error === 'validation_failed') {
      expect(body.fieldErrors, label).toBeTypeOf('object')
      for (const [, messages] of Object.entries(body.fieldErrors as object))
        expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), label).toBe(true)
    }
  }
}

describe('every API route under hostile input: never a 5xx, and a refusal writes nothing', () => {
  it('walks the routes it should', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20)
  })

  it('counts a row written to any table, and not one written to a volatile table', async () => {
    await session()
    const before = await writes()
    const { db, t: tables } = t.database
    await db.update(tables.regions).set({ name: sql`${tables.regions.name}` })
    const regions = (await writes()) - before
    expect(regions).toBeGreaterThan(0)
    await db.update(tables.sessions).set({ lastSeenAt: sql`${tables.sessions.lastSeenAt}` })
    expect(await writes()).toBe(before + regions)
  })

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    let cookie = await session()
    // The count of rows written so far, read once after each request: a refusal leaves it where it was.
    let written = await writes()
    const noBody = route.method === 'GET' || route.method === 'HEAD'
    /** Sends one request and checks its answer; a refusal must have written nothing. */
    const probe = async (url: string, opts: { signedIn?: boolean; body?: string | Uint8Array; type?: string } = {}) => {
      const signedIn = opts.signedIn ?? true
      const r = await t.request(route.method, url, {
        cookie: signedIn ? cookie : undefined,
        body: noBody ? undefined : opts.body,
        headers: opts.type ? { 'content-type': opts.type } : undefined,
      })
      check(route, r.status, r.text)
      const now = await writes()
      if (r.status >= 400) expect(now, `${route.method} ${url} (${opts.type ?? 'json'}) → ${r.status} wrote something`).toBe(written)
      written = now
      // A route that ends the session (logout, revoke) must not blind the rest of the run.
      if (signedIn && r.status === 401) {
        cookie = await session()
        written = await writes()
      }
    }
    await fc.assert(
      fc.asyncProperty(nastyBody, nastyQuery, fc.array(rawSegment, { minLength: 3, maxLength: 3 }), fc.boolean(), async (body, query, params, signedIn) => {
        let n = 0
        const url = route.path.replace(/:[A-Za-z]+/g, () => params[n++ % params.length]!) + (query ? `?${query}` : '')
        await probe(url, { signedIn, body: body === undefined ? 'null' : JSON.stringify(body) })
      }),
      { numRuns: 30, seed: 11, endOnFailure: true },
    )
    // Days outside the date rule under the names routes read periods by, and NUL in a parameter and a search.
    await probe(`${route.path.replace(/:[A-Za-z]+/g, '%00')}?q=a%00b`, { body: '{}' })
    await probe(`${route.path.replace(/:[A-Za-z]+/g, 'x')}?from=0000-01-01&to=9999-12-31&date=0000-00-00&month=0000-01&day=2026-13-01`, { body: '{}' })
    // The same hostile input as multipart and form bodies, and JSON with a member name at the top.
    if (!noBody) {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', '__proto__[x]=1&constructor=2'],
        ['text/plain', '{"__proto__":{"admin":true}}'],
        ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"toString":"x"}'],
        ['application/json', '"\\ud800"'],
        ['application/json', '{"name":"a\\u0000b","q":"\\u0000","comment":"\\u001b"}'],
        ['application/json', '{"from":"0000-01-01","to":"9999-12-31","date":"0000-00-00","period":{"kind":"range","from":"0000-01-01","to":"2026-01-31"}}'],
      ] as const)
        await probe(route.path.replace(/:[A-Za-z]+/g, 'constructor'), { body, type })
      // Workbooks built to hold a server (a cell in column XFD, a zip bomb) as the body, and a deep JSON body:
      // the server keeps answering while each is handled.
      for (const [type, body] of [
        [XLSX_TYPE, wide],
        [XLSX_TYPE, bomb],
        ['text/csv', 'a;b\n1;2;' + ';'.repeat(5_000) + 'x'],
        ['application/json', '['.repeat(100_000) + ']'.repeat(100_000)],
        ['image/png', png],
        ['text/plain', line],
        ['application/json', hostileShapes],
      ] as const) {
        const [, health] = await Promise.all([probe(route.path.replace(/:[A-Za-z]+/g, 'x'), { body, type }), t.request('GET', '/api/health')])
        expect(health.status).toBe(200)
      }
    }
    // Nothing leaked onto shared prototypes.
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
