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

  it('gives managers and coaches the choices of the lists they read: providers, products, and the offices of their teams', async () => {
    const coach = await app.login('coach@demo.test')
    const manager = await app.login('manager@demo.test')
    const all = (await lookup(backoffice.cookie, 'providers')).items.map((p) => p.label)
    expect(all.length).toBeGreaterThan(1)
    for (const reader of [coach, manager]) {
      const providers = await lookup(reader.cookie, 'providers')
      expect(providers.status).toBe(200)
      expect(providers.items.map((p) => p.label)).toEqual(all)
      const products = await lookup(reader.cookie, `products?parentId=${providers.items[0]!.id}`)
      expect(products.status).toBe(200)
      expect(products.items.length).toBeGreaterThan(0)
    }
    // A coach sees no offices as such: the offices of the teams they coach, and no other.
    const teamOffices = new Set((await lookup(coach.cookie, 'teams')).items.map((team) => team.hint))
    const offices = await lookup(coach.cookie, 'offices')
    expect(offices.status).toBe(200)
    expect(offices.items.length).toBe(teamOffices.size)
    expect(new Set(offices.items.map((o) => o.label))).toEqual(teamOffices)
    expect(offices.items.length).toBeLessThan((await lookup(backoffice.cookie, 'offices')).items.length)
    // Searching and a link's ids work on that list too.
    expect((await lookup(coach.cookie, `offices?q=${encodeURIComponent(offices.items[0]!.label.slice(0, 3))}`)).items.map((o) => o.id)).toContain(
      offices.items[0]!.id,
    )
    const otherOffice = (await lookup(backoffice.cookie, 'offices')).items.find((o) => !teamOffices.has(o.label))!
    expect((await lookup(coach.cookie, `offices?ids=${otherOffice.id}`)).items).toEqual([])
  })

  it('narrows a list’s office filter to the offices whose records of that list the reader may see', async () => {
    const manager = await app.login('manager@demo.test')
    const coach = await app.login('coach@demo.test')
    const labels = async (cookie: string, path: string) => (await lookup(cookie, path)).items.map((o) => o.label).sort()
    const everyOffice = await labels(backoffice.cookie, 'offices')
    // The manager sees every office as such, but the sale reports, time reports and people of Malmö only.
    expect(await labels(manager.cookie, 'offices')).toEqual(everyOffice)
    for (const within of ['sale_reports', 'time_reports', 'sicknotices', 'users'])
      expect(await labels(manager.cookie, `offices?within=${within}`), within).toEqual(['Malmö'])
    expect(await labels(backoffice.cookie, 'offices?within=sale_reports')).toEqual(everyOffice)
    // A coach: the offices of the teams whose sale reports they see.
    expect(await labels(coach.cookie, 'offices?within=sale_reports')).toEqual(await labels(coach.cookie, 'offices'))
    expect((await lookup(manager.cookie, 'offices?within=salaries')).status).toBe(400)
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
