import { connect as connectTcp, createServer as createNetServer, type AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { and, eq } from 'drizzle-orm'
import Pusher from 'pusher-js'
import type { Channel, PresenceChannel } from 'pusher-js'
import { afterAll, describe, expect, it } from 'vitest'
import { REALTIME_EVENTS, wire, type LiveNotification } from '../../../shared/realtime'
import { createTestApp, testDb, type TestApp } from '../../test/harness'

/**
 * Several server instances on one PostgreSQL database (docs/decisions/030): what is raised on one instance reaches
 * sockets on the others through LISTEN/NOTIFY, and presence is the union of every instance's members. Two
 * complete instances of the app, each with its own HTTP port, socket server, event bus and job runner.
 */
const onPg = testDb === 'pg'

async function instance(app: TestApp) {
  const server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
  app.realtime.attach(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return { app, server, port: (server.address() as AddressInfo).port }
}

const a = onPg ? await instance(await createTestApp({}, { deps: { instanceId: 'instance-a' } })) : null
const b = onPg ? await instance(await createTestApp({ DATABASE_URL: a!.app.env.databaseUrl! }, { deps: { instanceId: 'instance-b' } })) : null
const clients: Pusher[] = []
afterAll(async () => {
  for (const c of clients) c.disconnect()
  for (const i of [a, b]) if (i) await new Promise((r) => i.server.close(r))
})

// pusher-js's Node XMLHttpRequest refuses a Cookie header; the browser sends it by itself (as in realtime.test.ts).
const runtime = (Pusher as unknown as { Runtime: { createXHR(): { setDisableHeaderCheck(on: boolean): void } } }).Runtime
const createXHR = runtime.createXHR.bind(runtime)
runtime.createXHR = () => {
  const xhr = createXHR()
  xhr.setDisableHeaderCheck(true)
  return xhr
}

/** A pusher-js client connected to one instance, authorised there with the user's session. */
function client(on: { port: number }, key: string, cookie: string) {
  const pusher = new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: on.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${on.port}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: { cookie, origin: `http://127.0.0.1:${on.port}` },
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

describe.skipIf(!onPg)('two server instances on PostgreSQL', () => {
  it('share one app key: a signature made by one instance is good on the other', async () => {
    const seller = await a!.app.login('seller@demo.test')
    const configA = (await a!.app.request('GET', '/api/realtime/config', { cookie: seller.cookie })).json
    const configB = (await b!.app.request('GET', '/api/realtime/config', { cookie: seller.cookie })).json
    expect(configB.key).toBe(configA.key)
  })

  it('a sign-out on one instance closes the socket it authorised on the other', async () => {
    const seller = await a!.app.login('seller@demo.test')
    const key = (await a!.app.request('GET', '/api/realtime/config', { cookie: seller.cookie })).json.key as string
    // Connected to B, its channel authorised by A (behind a load balancer either may answer).
    const onB = new Pusher(key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: b!.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: `http://127.0.0.1:${a!.port}/api/broadcasting/auth`,
        transport: 'ajax',
        headers: { cookie: seller.cookie, origin: `http://127.0.0.1:${a!.port}` },
      },
    })
    clients.push(onB)
    await subscribed(onB.subscribe(wire.user(seller.answer.userData.id)))
    const left = new Promise<string>((resolve) =>
      onB.connection.bind('state_change', (s: { current: string }) => {
        if (s.current !== 'connected') resolve(s.current)
      }),
    )
    await a!.app.request('POST', '/api/auth/logout', { cookie: seller.cookie })
    expect(await left).not.toBe('connected')
  })

  it('an alert raised through one instance reaches a client connected to the other; presence spans both', async () => {
    const seller = await b!.app.login('seller@demo.test')
    const coach = await a!.app.login('coach@demo.test')
    const backoffice = await a!.app.login('backoffice@demo.test')
    const key = (await b!.app.request('GET', '/api/realtime/config', { cookie: seller.cookie })).json.key as string
    const me = seller.answer.userData
    const teamId = me.teamIds[0]!

    // The seller's app is connected to instance B, the coach's to instance A.
    const onB = client(b!, key, seller.cookie)
    const own = onB.subscribe(wire.user(me.id))
    await subscribed(own)
    const received = new Promise<LiveNotification>((resolve) => own.bind(REALTIME_EVENTS.notification, resolve))
    const sellerTeam = onB.subscribe(wire.team(teamId)) as PresenceChannel
    await subscribed(sellerTeam)
    const coachJoined = new Promise<{ id: string }>((resolve) => sellerTeam.bind('pusher:member_added', resolve))
    // B tells A of the seller's arrival through the cluster link, after B has answered the seller: A knows it once
    // that message is through (CI once subscribed the coach on A a moment before it was).
    await expect.poll(async () => (await a!.app.realtime.members(wire.team(teamId))).map((m) => m.user_id)).toContain(me.id)
    const onA = client(a!, key, coach.cookie)
    const coachTeam = onA.subscribe(wire.team(teamId)) as PresenceChannel
    await subscribed(coachTeam)
    // The coach, on A, finds the seller (on B) already present; the seller sees the coach arrive.
    expect(Object.keys(coachTeam.members.members)).toEqual(expect.arrayContaining([me.id, coach.answer.userData.id]))
    expect((await coachJoined).id).toBe(coach.answer.userData.id)
    await expect(a!.app.realtime.members(wire.team(teamId))).resolves.toHaveLength(2)

    // Back office works on instance A, and only A handles events: what reaches B crossed between the instances.
    await b!.app.events.stop()
    const { db, t } = a!.app.database
    const [sale] = await db
      .select({ id: t.sales.id, version: t.sales.version })
      .from(t.sales)
      .where(and(eq(t.sales.sellerId, me.id), eq(t.sales.status, 'finalized')))
      .limit(1)
    const r = await a!.app.request('POST', `/api/sale-reports/${sale!.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: sale!.version, deviationType: 'incorrect_ssn', reason: 'Fel personnummer' },
    })
    expect(r.status).toBe(200)
    expect(await received).toMatchObject({ kind: 'deviation', title: 'Avvikelse på din försäljning', link: `/sales/${sale!.id}` })

    // The coach closes the app on A: the seller on B sees them leave.
    const coachLeft = new Promise<{ id: string }>((resolve) => sellerTeam.bind('pusher:member_removed', resolve))
    onA.disconnect()
    expect((await coachLeft).id).toBe(coach.answer.userData.id)
  })

  it('an instance going away: its clients are back on the other within 2 s of the 4200, through the load balancer', async () => {
    const seller = await a!.app.login('seller@demo.test')
    const key = (await a!.app.request('GET', '/api/realtime/config', { cookie: seller.cookie })).json.key as string
    // A load balancer as nginx's upstream with proxy_next_upstream: A first, B when A refuses the connection.
    const balancer = createNetServer((downstream) => {
      const to = (port: number, next?: number) => {
        const upstream = connectTcp(port, '127.0.0.1')
        upstream.once('connect', () => {
          downstream.pipe(upstream).pipe(downstream)
          upstream.on('error', () => downstream.destroy())
          downstream.on('error', () => upstream.destroy())
        })
        upstream.once('error', () => (next ? to(next) : downstream.destroy()))
      }
      to(a!.port, b!.port)
    })
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve))
    const port = (balancer.address() as AddressInfo).port
    const pusher = new Pusher(key, { cluster: 'mt1', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] })
    clients.push(pusher)
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()))
    expect(a!.app.realtime.stats().connections).toBeGreaterThanOrEqual(1)
    const onB = b!.app.realtime.stats().connections
    const back = new Promise<number>((resolve) =>
      pusher.connection.bind('state_change', ({ previous, current }: { previous: string; current: string }) => {
        if (previous !== 'connected' && current === 'connected') resolve(Date.now())
      }),
    )
    // A stops as the app stops (server/index.ts): its listener closed, then realtime's 4200 to every socket.
    const told = Date.now()
    const listenerClosed = new Promise((resolve) => a!.server.close(resolve))
    await a!.app.realtime.close()
    await listenerClosed
    expect((await back) - told).toBeLessThan(2_000)
    expect(b!.app.realtime.stats().connections).toBe(onB + 1)
    pusher.disconnect()
    await new Promise((resolve) => balancer.close(resolve))
  })
})
