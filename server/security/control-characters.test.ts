import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'

/**
 * A control character no field takes (NUL above all: PostgreSQL cannot store it in text) and a date outside the one
 * date rule, on both databases: every route answers 400 with a translated reason and changes nothing (issue 39 found
 * 42 writes and 25 reads answering 500 on PostgreSQL, and a search answering 500 on SQLite). The route fuzz
 * (route-fuzz.test.ts) sends such input to every route; these are the cases the probe found, each asserted whole.
 */

const t = await createTestApp()
const admin = await t.login('admin@demo.test')

describe('a control character in a request', () => {
  it('in a body: refused with the field named, nothing stored', async () => {
    const before = (await t.request('GET', '/api/profile', { cookie: admin.cookie })).json
    const r = await t.request('PATCH', '/api/profile', { cookie: admin.cookie, body: { specialDiet: 'a\u0000b' } })
    expect(r.status, r.text).toBe(400)
    expect(r.json).toMatchObject({ error: 'validation_failed', fieldErrors: { specialDiet: ['Texten innehåller ett otillåtet styrtecken'] } })
    expect((await t.request('GET', '/api/profile', { cookie: admin.cookie })).json).toEqual(before)
  })

  it.each(['/api/users?q=a%00b', '/api/users?q=%00', '/api/users/%00', '/api/sale-reports?q=x%1bx', '/api/customers?q=%00'])(
    'in the address %s: refused, in the asker’s language',
    async (url) => {
      const r = await t.request('GET', url, { cookie: admin.cookie, headers: { 'accept-language': 'en' } })
      expect(r.status, r.text).toBe(400)
      expect(r.json).toMatchObject({ error: 'validation_failed', fieldErrors: { _: ['The text contains a control character that is not allowed'] } })
    },
  )

  it('a line break in a search is text, not a refusal', async () => {
    expect((await t.request('GET', '/api/users?q=a%0Ab', { cookie: admin.cookie })).status).toBe(200)
  })
})

describe('a date outside the one date rule', () => {
  it.each(['2026-13-01', '0000-00-00', '9999-99-99', '0000-01-01', '2026-02-30'])('the activity log to %s: refused, not a 500', async (to) => {
    const r = await t.request('GET', `/api/activity-log?to=${to}`, { cookie: admin.cookie })
    expect(r.status, r.text).toBe(400)
    expect(Object.keys(r.json.fieldErrors as object)).toEqual(['to'])
  })
})
