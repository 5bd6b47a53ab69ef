import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { and, eq } from 'drizzle-orm'
import Pusher from 'pusher-js'
import type { Channel, PresenceChannel } from 'pusher-js'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { REALTIME_EVENTS, wire, type LiveNotification } from '../../../shared/realtime'
import { authorizeChannel } from '../../platform/realtime/pusher-auth'
import { createTestApp } from '../../test/harness'
import { channelSignature, closedWith, rawSocket as rawSocketAt } from '../../test/realtime-socket'

/**
 * The realtime channel through the real pusher-js client (its Node build): the built-in server on a real HTTP
 * port, channels authorised by POST /api/broadcasting/auth with the user's session (docs/decisions/030).
 */
const t = await createTestApp()
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
t.realtime.attach(server)
await new Promise<void>((resolve) => server.once('listening', () => resolve()))
const port = (server.address() as AddressInfo).port
const clients: Pusher[] = []
afterAll(async () => {
  for (const c of clients) c.disconnect()
  await new Promise((r) => server.close(r))
})

const config = (await t.request('GET', '/api/realtime/config', { cookie: (await t.login('seller@demo.test')).cookie })).json as unknown as { key: string }

// The Node build's XMLHttpRequest (which pusher-js bundles) refuses to send a Cookie header, as a browser's would
// do it by itself; it is let through so pusher-js's own ajax authorizer carries the session.
const runtime = (Pusher as unknown as { Runtime: { createXHR(): { setDisableHeaderCheck(on: boolean): void } } }).Runtime
const createXHR = runtime.createXHR.bind(runtime)
runtime.createXHR = () => {
  const xhr = createXHR()
  xhr.setDisableHeaderCheck(true)
  return xhr
}

/** A pusher-js client signed in as a user: its channel authorisation posts to our endpoint with their session. */
function client(cookie: string) {
  const pusher = new Pusher(config.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    // pusher-js's own ajax transport, as in the browser; Node lets it send the session cookie.
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: { cookie, origin: `http://127.0.0.1:${port}` },
    },
  })
  clients.push(pusher)
  return pusher
}

const subscribed = (channel: Channel) =>
  new Promise<unknown>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve)
    channel.bind('pusher:subscription_error', (e: unknown) => reject(Object.assign(new Error('subscription_error'), { detail: e })))
  })
const refused = (channel: Channel) =>
  new Promise<{ type: string; status?: number; error?: string }>((resolve) => channel.bind('pusher:subscription_error', resolve))
const connected = (p: Pusher) =>
  new Promise<void>((resolve) => (p.connection.state === 'connected' ? resolve() : p.connection.bind('connected', () => resolve())))

const rawSocket = () => rawSocketAt(port, config.key)

describe('the Pusher signature', () => {
  it('matches the documented test vectors (private and presence)', () => {
    const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' }
    expect(authorizeChannel(app, '1234.1234', 'private-foobar').auth).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    )
    expect(authorizeChannel(app, '1234.1234', 'presence-foobar', '{"user_id":10,"user_info":{"name":"Mr. Channels"}}').auth).toBe(
      '278d425bdf160c739803:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80',
    )
  })
})

describe('the realtime channel with pusher-js', () => {
  it('connects, joins its own private channel and receives what the server triggers', async () => {
    const seller = await t.login('seller@demo.test')
    const p = client(seller.cookie)
    await connected(p)
    expect(p.connection.socket_id).toMatch(/^\d+\.\d+$/)
    const channel = p.subscribe(wire.user(seller.answer.userData.id))
    await subscribed(channel)
    const got = new Promise((resolve) => channel.bind('App\\Events\\Ping', resolve))
    await t.realtime.trigger([wire.user(seller.answer.userData.id)], 'App\\Events\\Ping', { hello: 'säljare' })
    expect(await got).toEqual({ hello: 'säljare' })
  })

  it('shows who is present in a team channel: members, member added and removed', async () => {
    const seller = await t.login('seller@demo.test')
    const coach = await t.login('coach@demo.test')
    const teamId = seller.answer.userData.teamIds[0]!
    expect(coach.answer.userData.teamIds).toContain(teamId)
    const a = client(seller.cookie)
    const aTeam = a.subscribe(wire.team(teamId)) as PresenceChannel
    await subscribed(aTeam)
    expect(aTeam.members.me).toMatchObject({ id: seller.answer.userData.id, info: { name: seller.answer.userData.fullName } })
    const added = new Promise<{ id: string; info: { name: string; role: string } }>((resolve) => aTeam.bind('pusher:member_added', resolve))
    const b = client(coach.cookie)
    const bTeam = b.subscribe(wire.team(teamId)) as PresenceChannel
    await subscribed(bTeam)
    expect((await added).id).toBe(coach.answer.userData.id)
    expect(bTeam.members.count).toBe(2)
    await expect(t.realtime.members(wire.team(teamId))).resolves.toHaveLength(2)
    const removed = new Promise<{ id: string }>((resolve) => aTeam.bind('pusher:member_removed', resolve))
    b.disconnect()
    expect((await removed).id).toBe(coach.answer.userData.id)
    expect(aTeam.members.count).toBe(1)
  })

  it('is refused a channel the user may not join: someone else’s private channel, another team, another office', async () => {
    const seller = await t.login('seller@demo.test')
    const coach = await t.login('coach@demo.test')
    const p = client(seller.cookie)
    for (const name of [
      wire.user(coach.answer.userData.id),
      wire.team('00000000-0000-0000-0000-000000000000'),
      wire.office('00000000-0000-0000-0000-000000000000'),
    ]) {
      const error = await refused(p.subscribe(name))
      expect(error).toMatchObject({ type: 'AuthError', status: 403 })
      expect(error.error).toContain('Unable to retrieve auth string from channel-authorization endpoint')
    }
  })

  it('refuses a forged signature and a signature replayed from another connection', async () => {
    const seller = await t.login('seller@demo.test')
    const channel = wire.user(seller.answer.userData.id)
    const a = await rawSocket()
    a.send({ event: 'pusher:subscribe', data: { channel, auth: `${config.key}:${'0'.repeat(64)}` } })
    expect(await a.next('pusher:subscription_error')).toMatchObject({ channel, data: { type: 'AuthError', status: 401 } })
    // A genuine signature for connection A is worthless on connection B.
    const signed = await t.request('POST', '/api/broadcasting/auth', {
      cookie: seller.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: a.socketId, channel_name: channel }).toString(),
    })
    expect(signed.status).toBe(200)
    a.send({ event: 'pusher:subscribe', data: { channel, auth: signed.json.auth } })
    expect(await a.next('pusher_internal:subscription_succeeded')).toMatchObject({ channel })
    const b = await rawSocket()
    b.send({ event: 'pusher:subscribe', data: { channel, auth: signed.json.auth } })
    expect(await b.next('pusher:subscription_error')).toMatchObject({ channel, data: { type: 'AuthError' } })
    // A presence channel's member data cannot be changed under a signature either.
    const teamId = seller.answer.userData.teamIds[0]!
    const presence = await t.request('POST', '/api/broadcasting/auth', {
      cookie: seller.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: b.socketId, channel_name: wire.team(teamId) }).toString(),
    })
    const forged = (presence.json.channel_data as string).replace(seller.answer.userData.id, 'someone-else')
    b.send({ event: 'pusher:subscribe', data: { channel: wire.team(teamId), auth: presence.json.auth, channel_data: forged } })
    expect(await b.next('pusher:subscription_error')).toMatchObject({ channel: wire.team(teamId) })
    // Ping and pong; client events are not enabled.
    b.send({ event: 'pusher:ping', data: {} })
    await b.next('pusher:pong')
    b.send({ event: 'client-hello', channel, data: {} })
    expect(await b.next('pusher:error')).toMatchObject({ data: { message: expect.stringContaining('Client events') } })
    a.ws.close()
    b.ws.close()
  })

  it('a session that ends closes the sockets it authorised: a sign-out, and the other devices signed out', async () => {
    // A socket subscribed before logout once kept receiving the person's private notifications (issue 39).
    const sign = (cookie: string, socketId: string, channel: string) => channelSignature(t, cookie, socketId, channel)
    const closed = closedWith
    const phone = await t.login('seller@demo.test')
    const laptop = await t.login('seller@demo.test')
    const channel = wire.user(phone.answer.userData.id)
    const a = await rawSocket()
    const b = await rawSocket()
    for (const [socket, who] of [
      [a, phone],
      [b, laptop],
    ] as const) {
      socket.send({ event: 'pusher:subscribe', data: { channel, auth: await sign(who.cookie, socket.socketId, channel) } })
      await socket.next('pusher_internal:subscription_succeeded')
    }
    // The laptop signs out the other devices: the phone's socket is closed, the laptop's stays.
    const phoneClosed = closed(a.ws)
    expect((await t.request('POST', '/api/profile/sessions/revoke-others', { cookie: laptop.cookie })).status).toBe(204)
    expect(await a.next('pusher:error')).toMatchObject({ data: { code: 4009 } })
    expect(await phoneClosed).toBe(4009)
    await t.realtime.trigger([channel], 'App\\Events\\Ping', { still: 'here' })
    expect(await b.next('App\\Events\\Ping')).toMatchObject({ channel })
    // The laptop signs out: its socket is closed too, and a signature asked for it now is refused.
    const laptopClosed = closed(b.ws)
    await t.request('POST', '/api/auth/logout', { cookie: laptop.cookie })
    expect(await laptopClosed).toBe(4009)
  })

  it('closes a connection with the protocol’s error codes for a wrong key or protocol version', async () => {
    const closeOf = (url: string) =>
      new Promise<{ code: number; error: { data: { code: number } } }>((resolve) => {
        const ws = new WebSocket(url)
        let error: { data: { code: number } }
        ws.on('message', (raw) => (error = JSON.parse(raw.toString()) as typeof error))
        ws.on('close', (code) => resolve({ code, error }))
      })
    expect(await closeOf(`ws://127.0.0.1:${port}/app/wrong-key?protocol=7`)).toMatchObject({ code: 4001, error: { data: { code: 4001 } } })
    expect(await closeOf(`ws://127.0.0.1:${port}/app/${config.key}?protocol=3`)).toMatchObject({ code: 4007 })
    expect(await closeOf(`ws://127.0.0.1:${port}/app/${config.key}`)).toMatchObject({ code: 4008 })
  })

  it('refuses a browser from another site', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${config.key}?protocol=7`, { headers: { origin: 'https://evil.example' } })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => resolve(101))
    })
    expect(status).toBe(403)
  })
})

describe('POST /api/broadcasting/auth', () => {
  it('answers Pusher’s auth for a private channel and channel data for a presence one', async () => {
    const seller = await t.login('seller@demo.test')
    const me = seller.answer.userData
    const post = (
      body: Record<string, string>,
      headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' },
      cookie = seller.cookie,
    ) => t.request('POST', '/api/broadcasting/auth', { cookie, headers, body: new URLSearchParams(body).toString() })
    const priv = await post({ socket_id: '123.456', channel_name: wire.user(me.id) })
    expect(priv.json).toEqual({ auth: `${config.key}:${(priv.json.auth as string).split(':')[1]}` })
    const presence = await post({ socket_id: '123.456', channel_name: wire.team(me.teamIds[0]!) })
    expect(JSON.parse(presence.json.channel_data as string)).toEqual({ user_id: me.id, user_info: { id: me.id, name: me.fullName, role: me.roleName } })
    expect((await post({ socket_id: 'abc', channel_name: wire.user(me.id) })).status).toBe(400)
    expect((await post({ socket_id: '1.2', channel_name: 'private-bad name' })).status).toBe(400)
    expect((await post({ socket_id: '1.2', channel_name: 'private-unknown.channel' })).status).toBe(403)
    expect((await post({ socket_id: '1.2', channel_name: wire.user(me.id) }, { 'content-type': 'application/json' })).status).toBe(415)
    expect(
      (
        await t.request('POST', '/api/broadcasting/auth', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'socket_id=1.2&channel_name=x',
        })
      ).status,
    ).toBe(401)
  })
})

describe('a deviation reaches the seller and the team’s coach live', () => {
  it('back office marks a sale as a deviation → a notification on the seller’s and the coach’s private channels and in their bells', async () => {
    const seller = await t.login('seller@demo.test')
    const coach = await t.login('coach@demo.test')
    const backoffice = await t.login('backoffice@demo.test')
    const { db, t: tables } = t.database
    const [sale] = await db
      .select({ id: tables.sales.id, version: tables.sales.version })
      .from(tables.sales)
      .where(and(eq(tables.sales.sellerId, seller.answer.userData.id), eq(tables.sales.status, 'finalized')))
      .limit(1)
    const listen = async (cookie: string, userId: string) => {
      const p = client(cookie)
      const channel = p.subscribe(wire.user(userId))
      await subscribed(channel)
      // In an object: an async function returning the promise itself would wait for it.
      return { received: new Promise<LiveNotification>((resolve) => channel.bind(REALTIME_EVENTS.notification, resolve)) }
    }
    const toSeller = await listen(seller.cookie, seller.answer.userData.id)
    const toCoach = await listen(coach.cookie, coach.answer.userData.id)
    const before = (await t.request('GET', '/api/notifications?kind=deviation', { cookie: seller.cookie })).json.unread as number
    const r = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: sale!.version, deviationType: 'incorrect_ssn', reason: 'Fel personnummer' },
    })
    expect(r.status).toBe(200)
    const live = await toSeller.received
    expect(live).toMatchObject({
      kind: 'deviation',
      type: 'deviation',
      title: 'Avvikelse på din försäljning',
      link: `/sales/${sale!.id}`,
      fromName: backoffice.answer.userData.fullName,
    })
    expect(live.message).toContain('Felaktigt personnummer')
    const coachLive = await toCoach.received
    expect(coachLive).toMatchObject({ kind: 'deviation', title: expect.stringMatching(/^Avvikelse i /), link: `/backoffice/salereports/${sale!.id}` })
    expect(coachLive.message).toContain(seller.answer.userData.fullName)
    const after = (await t.request('GET', '/api/notifications?kind=deviation', { cookie: seller.cookie })).json
    expect(after.unread).toBe(before + 1)
    expect((after.items as Array<{ id: string }>)[0]!.id).toBe(live.id)

    // The deviation is settled (here back office approves it): the seller's alert about it is no longer unread,
    // though it was never opened from the bell (issue 41).
    const [moved] = await db.select({ version: tables.sales.version }).from(tables.sales).where(eq(tables.sales.id, sale!.id))
    const approve = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'approved', version: moved!.version },
    })
    expect(approve.status, approve.text).toBe(200)
    await t.events.settled()
    const settled = (await t.request('GET', '/api/notifications?kind=deviation', { cookie: seller.cookie })).json
    expect(settled.unread).toBe(before)
    expect((settled.items as Array<{ id: string; read: boolean }>).find((n) => n.id === live.id)).toMatchObject({ read: true })
  })
})
