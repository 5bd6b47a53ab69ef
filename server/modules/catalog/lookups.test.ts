import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

/**
 * The choices filters offer (GET /api/lookups/<kind>): by search, by ids (a filter restored from a link), within
 * a parent; only what the user may see, and nothing for those without the view permission.
 */
const app = await createTestApp()
const backoffice = await app.login('backoffice@demo.test')
type Item = { id: string; label: string; hint: string | null; inactive?: boolean }
const lookup = async (cookie: string, path: string) => {
  const r = await app.request('GET', `/api/lookups/${path}`, { cookie })
  return { status: r.status, items: (r.json as { items?: Item[] }).items ?? [], json: r.json }
}

describe('lookups', () => {
  it('finds providers, products of a provider, teams, offices and people by part of the name', async () => {
    const providers = await lookup(backoffice.cookie, 'providers?q=LARM')
    expect(providers.items.map((p) => p.label)).toEqual(['Tryggt Hem Larm'])
    const products = await lookup(backoffice.cookie, `products?parentId=${providers.items[0]!.id}`)
    expect(products.items.length).toBeGreaterThan(0)
    expect(products.items.every((p) => p.hint === 'Tryggt Hem Larm')).toBe(true)
    expect((await lookup(backoffice.cookie, 'teams?q=öresund')).items.map((x) => x.label)).toEqual(['Team Öresund'])
    const offices = await lookup(backoffice.cookie, 'offices')
    expect(offices.items.map((x) => x.label)).toContain('Malmö')
    const people = await lookup(backoffice.cookie, 'users?q=sven')
    expect(people.items.map((x) => x.label)).toContain('Sven Säljare')
    // A link's filter shows its labels: ids answer with their rows.
    expect((await lookup(backoffice.cookie, `users?ids=${people.items[0]!.id}`)).items.map((x) => x.id)).toEqual([people.items[0]!.id])
  })

  it('answers a coach only their teams and refuses a seller; bad input is a field error', async () => {
    const coach = await app.login('coach@demo.test')
    const teams = await lookup(coach.cookie, 'teams')
    expect(teams.items.length).toBeGreaterThan(0)
    expect(teams.items.length).toBeLessThan((await lookup(backoffice.cookie, 'teams')).items.length)
    const seller = await app.login('seller@demo.test')
    for (const kind of ['providers', 'products', 'teams', 'offices', 'users']) expect((await lookup(seller.cookie, kind)).status, kind).toBe(403)
    const bad = await lookup(backoffice.cookie, `users?q=${'x'.repeat(101)}&extra=1`)
    expect(bad.status).toBe(400)
  })
})
