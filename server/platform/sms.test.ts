import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { fake46elks, SMS_OPERATION } from '../test/fake-46elks'
import { createTestApp } from '../test/harness'
import { e164 } from './sms'

/**
 * The SMS transport (docs/decisions/094) against 46elks's own description of its API and its own example of sending
 * one (server/test/references/46elks): the same form fields, form encoding and HTTP Basic as 46elks's example; a
 * refusal kept with its reason and not sent again; a gateway that is down tried again; no gateway, kept.
 */
const gateway = await fake46elks({ user: 'api-user', password: 'api-secret' })
afterAll(() => gateway.close())
const app = await createTestApp({ SMS_URL: gateway.url, SMS_USER: 'api-user', SMS_PASSWORD: 'api-secret', SMS_FROM: 'Saljkraft' })
const { db, t } = app.database
const outbox = async (id: string) => (await db.select().from(t.smsOutbox).where(eq(t.smsOutbox.id, id)))[0]!

describe('46elks: what the app sends', () => {
  it('the fields, encoding and authorisation of 46elks’s own example, each a parameter its description names', async () => {
    const example = readFileSync(new URL('../test/references/46elks/node-send-sms-fetch.js', import.meta.url), 'utf8')
    // The example's form: `var data = { from: …, to: …, message: … }`, URL-encoded, with `Authorization: Basic`.
    const fields = [.../var data = \{([^}]*)\}/.exec(example)![1]!.matchAll(/(\w+):/g)].map((m) => m[1])
    expect(example).toContain('new URLSearchParams(data)')
    expect(example).toContain('"Authorization": "Basic "')
    expect(example).toContain('https://api.46elks.com/a1/sms')
    expect(SMS_OPERATION.parameters.filter((p) => p.required).map((p) => p.name)).toEqual(fields)

    const id = await app.database.transaction((tx) => app.deps.sms.send(tx, '+46701234567', 'Hej! Åäö och en länk: https://example.se/offer/x'))
    await app.jobs.settled()
    expect(gateway.violations).toEqual([])
    expect(gateway.received.at(-1)).toEqual({
      from: 'Saljkraft',
      to: '+46701234567',
      message: 'Hej! Åäö och en länk: https://example.se/offer/x',
      fields: { from: 'Saljkraft', to: '+46701234567', message: 'Hej! Åäö och en länk: https://example.se/offer/x' },
    })
    expect(Object.keys(gateway.received.at(-1)!.fields)).toEqual(fields)
    expect(await outbox(id)).toMatchObject({ status: 'sent', gatewayId: expect.stringMatching(/^s[0-9a-f]{32}$/), lastError: null })
  })

  it('a gateway down for a moment is tried again; a refused number is kept with 46elks’s reason and not tried again', async () => {
    gateway.refuseNext(1)
    const retried = await app.database.transaction((tx) => app.deps.sms.send(tx, '+358401234567', 'Hei'))
    await app.jobs.settled(30_000, 5_000)
    expect(await outbox(retried)).toMatchObject({ status: 'sent' })

    const before = gateway.violations.length
    const refused = await app.database.transaction((tx) => app.deps.sms.send(tx, '0701234567', 'Inte E.164'))
    await app.jobs.settled()
    expect(gateway.violations.slice(before)).toEqual(['Invalid to 0701234567'])
    gateway.violations.splice(before)
    expect(await outbox(refused)).toMatchObject({ status: 'failed', lastError: '400: Invalid to 0701234567' })
  })
})

describe('numbers as 46elks takes them', () => {
  it.each([
    ['070-123 45 67', 'SE', '+46701234567'],
    ['0046701234567', 'SE', '+46701234567'],
    ['+46 70 123 45 67', 'FI', '+46701234567'],
    ['040 123 4567', 'FI', '+358401234567'],
    ['12345', 'SE', null],
    ['0701234567', 'NO', null],
  ])('%s in %s is %s', (phone, country, expected) => {
    expect(e164(phone, country)).toBe(expected)
  })
})

describe('without a gateway', () => {
  it('each SMS is kept, never dropped', async () => {
    const bare = await createTestApp()
    const id = await bare.database.transaction((tx) => bare.deps.sms.send(tx, '+46701234567', 'Hej'))
    const [row] = await bare.database.db.select().from(bare.database.t.smsOutbox).where(eq(bare.database.t.smsOutbox.id, id))
    expect(row).toMatchObject({ status: 'kept', text: 'Hej' })
  })
})
