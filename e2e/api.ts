import { randomUUID } from 'node:crypto'
import { expect, request, type APIRequestContext } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { SYNC_SCHEMA_VERSION } from '../shared/schemas/sync'
import type { SessionAnswer } from '../shared/schemas/auth'
import { DEMO_PASSWORD } from './fixtures'
import { personalNumberOf } from '../shared/rules/identity'

/** A signed-in API client of a demo user, as a phone or another back-office desk would be. */
export async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } })
  expect((await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200)
  return api
}

/**
 * A demo seller's phone (the demo seller's unless another is named), through the sync API: sales it sends (Hemlarm Standard, one each, customers named
 * `${tag} 1…count`) and other mutations, each applied once.
 */
export async function sellerPhone(email = 'seller@demo.test') {
  const api = await apiAs(email)
  const clientId = randomUUID()
  let seq = 0
  const pulled = (await (await api.post('/api/sync/pull', { data: { clientId, cookie: null } })).json()) as {
    patch: Array<{ table: string; op: string; value?: { id: string; name: string; providerId: string } }>
  }
  const alarm = pulled.patch.find((p) => p.table === 'products' && p.value?.name === 'Hemlarm Standard')!.value!
  async function push(mutations: Array<{ name: string; args: unknown }>) {
    const r = await api.post('/api/sync/push', {
      data: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: mutations.map((m) => ({ ...m, seq: ++seq, createdAt: Date.now() })) },
    })
    expect(await r.json()).toMatchObject({ applied: mutations.length })
  }
  return {
    push,
    /** A checklist photo or PDF uploaded as the phone does before the sale that names it; answers its id. */
    async uploadChecklist(file: { name: string; type: string; bytes: Buffer }): Promise<string> {
      const id = randomUUID()
      const r = await api.put(`/api/sync/files/${id}`, {
        data: file.bytes,
        headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
      })
      expect(r.status()).toBeLessThan(300)
      return id
    },
    /**
     * `count` sales to customers named `${tag} 1…count`, all with the identity number `ssn` unless given (the same
     * customer: a double sale), or each its own customer with `opts.ssns`.
     */
    async createSales(
      tag: string,
      count: number,
      ssn = '811218-9876',
      opts: { checklistFileId?: string; ids?: string[]; ssns?: string[]; email?: string } = {},
    ): Promise<string[]> {
      const sales = Array.from({ length: count }, (_, i) => ({
        id: opts.ids?.[i] ?? randomUUID(),
        providerId: alarm.providerId,
        products: [{ productId: alarm.id, quantity: 1 }],
        customerType: 'private',
        customerSsn: opts.ssns?.[i] ?? ssn,
        customerName: `${tag} ${i + 1}`,
        email: opts.email ?? null,
        phone: '070-123 45 67',
        postalCode: '21145',
        city: 'Malmö',
        address: 'Storgatan 1',
        message: null,
        externalOrderNumber: null,
        checklistFileId: i === 0 ? (opts.checklistFileId ?? null) : null,
        soldAt: Date.now() - (i + 1) * 60_000,
      }))
      await push(sales.map((args) => ({ name: 'createSale', args })))
      return sales.map((s) => s.id)
    },
    dispose: () => api.dispose(),
  }
}

/**
 * A new seller of the test's own in a demo team (found by name), who signs in with the demo password and has accepted
 * the terms of use in force: no other test touches their sales.
 */
export async function newTeamSeller(first: string, last: string, team: string): Promise<{ id: string; email: string }> {
  const admin = await apiAs('admin@demo.test')
  const roles = (await (await admin.get('/api/users/role-options')).json()) as { items: Array<{ id: string; key: string }> }
  const teams = (await (await admin.get(`/api/lookups/teams?q=${encodeURIComponent(team)}`)).json()) as { items: Array<{ id: string }> }
  const email = `${first}.${last}.${Date.now()}@example.se`.toLowerCase()
  const created = await admin.post('/api/users', {
    data: {
      email,
      firstName: first,
      lastName: last,
      password: DEMO_PASSWORD,
      roleId: roles.items.find((r) => r.key === 'seller')!.id,
      teamId: teams.items[0]!.id,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const id = ((await created.json()) as { id: string }).id
  await admin.dispose()
  // Their first sign-in, done: the terms of use in force accepted (the demo has them published).
  const own = await apiAs(email)
  const pending = ((await (await own.get('/api/auth/me')).json()) as SessionAnswer).userData.termsPending
  if (pending) expect((await own.post(`/api/terms/${pending.versionId}/accept`)).status()).toBe(200)
  await own.dispose()
  return { id, email }
}

/**
 * Identity numbers of customers of this run alone, one per sale, so a test's own sales are never a double sale of
 * one another's (the double-sales list is another test's to count). Born on `birthDate` (YYYYMMDD), no other test's.
 */
export function ownCustomers(birthDate: string, count: number): string[] {
  const start = 100 + (Date.now() % 800)
  return Array.from({ length: count }, (_, i) =>
    personalNumberOf(
      birthDate,
      String(start + i)
        .padStart(3, '0')
        .slice(-3),
    ),
  )
}
