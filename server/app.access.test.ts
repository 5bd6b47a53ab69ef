import { describe, expect, it } from 'vitest'
import { buildAbility, toRawRules } from '../shared/permissions/ability'
import { ROLE_KEYS, roleDef } from '../shared/permissions/roles'
import { ROUTES } from '../shared/routes'
import { declaredAccess, passes, type Access } from './lib/access'
import { createTestApp } from './test/harness'

const t = await createTestApp()

/** Every registered API route (method, path) with its access declaration. */
function apiRoutes(): Array<{ method: string; path: string; access: Access | undefined }> {
  const byKey = new Map<string, { method: string; path: string; access: Access | undefined }>()
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api/') || r.method === 'ALL') continue
    const key = `${r.method} ${r.path}`
    const entry = byKey.get(key) ?? { method: r.method, path: r.path, access: undefined }
    entry.access ??= declaredAccess(r.handler)
    byKey.set(key, entry)
  }
  return [...byKey.values()]
}

const sampleBody: Record<string, unknown> = {
  'POST /api/users': {
    email: 'matrix-new@demo.test',
    firstName: 'M',
    lastName: 'X',
    password: 'a-long-password',
    roleId: 'no-such-role',
  },
  // An upload's body is the file (a JSON body is a 415, the type it is not).
  'POST /api/device-imports': new TextEncoder().encode('Serial number;Model\r\nMATRIX1;X'),
  'POST /api/maps/postal-codes': new TextEncoder().encode('Ort;Län\r\nMalmö;Skåne'),
  // A 1×1 PNG: a feed post's image.
  'POST /api/feed/images': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
}

describe('every API route declares who may call it', () => {
  it('finds the routes it walks', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(8)
  })

  it.each(apiRoutes().map((r) => [`${r.method} ${r.path}`, r] as const))('%s has an access declaration', (_name, route) => {
    expect(route.access, `${route.method} ${route.path} has no access.public(), access.signedIn() or access.can()`).toBeDefined()
  })
})

describe('permission matrix: each seeded role × each API route', () => {
  const routes = apiRoutes().filter((r) => r.access && r.access.kind !== 'public')

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('a visitor gets 401 from %s', async (_n, route) => {
    const r = await t.request(route.method, route.path, { body: route.method === 'GET' ? undefined : {} })
    expect(r.status).toBe(401)
    expect(r.json).toMatchObject({ error: 'unauthenticated' })
  })

  for (const role of ROLE_KEYS) {
    it(`${role}: 403 exactly where the role lacks the permission`, async () => {
      const { cookie, answer } = await t.login(`${role}@demo.test`)
      const ability = buildAbility(answer.userAbilityRules)
      for (const route of routes) {
        const key = `${route.method} ${route.path}`
        const r = await t.request(route.method, route.path, { cookie, body: route.method === 'GET' ? undefined : (sampleBody[key] ?? {}) })
        const access = route.access!
        const allowed = passes(access, ability)
        // a route with a parameter answers 404 for the sample id, the organisation's map file before one is uploaded too
        // the Pusher auth endpoints read a form, not the JSON sample: 415 once the session and access are through
        if (allowed)
          expect(
            route.path.includes(':') || route.path.endsWith('.pmtiles')
              ? [200, 201, 204, 400, 404, 409]
              : route.path.startsWith('/api/broadcasting/')
                ? [415]
                : [200, 201, 202, 204, 400, 409],
            `${role} ${key} → ${r.status} ${r.text}`,
          ).toContain(r.status)
        else expect(r.status, `${role} ${key}`).toBe(403)
        if (r.status === 403) expect(r.json).toMatchObject({ error: 'forbidden', message: expect.any(String) })
      }
    })
  }
})

describe('the session a seeded role signs in to', () => {
  // The browser guards screens with the rules of the session answer; the route table's expectations (the guard's
  // table test in shared/rules/guard.test.ts, the browser's matrix) come from the role table. They must agree.
  it.each(ROLE_KEYS.map((role) => [role]))('%s opens exactly the screens the role table gives it', async (role) => {
    const { answer } = await t.login(`${role}@demo.test`)
    const session = buildAbility(answer.userAbilityRules)
    const table = buildAbility(toRawRules(roleDef(role).rules, { user: { id: 'x', teamIds: [], officeId: null, regionId: null } }))
    const opens = (ability: typeof session) =>
      ROUTES.filter((r) => 'action' in r.meta && ability.can((r.meta as { action: never }).action, (r.meta as { subject: never }).subject)).map((r) => r.name)
    expect(opens(session)).toEqual(opens(table))
  })
})

describe('unknown API paths', () => {
  it('answer 404 in JSON, not the SPA', async () => {
    const r = await t.request('GET', '/api/no-such-thing')
    expect(r.status).toBe(404)
    expect(r.json).toMatchObject({ error: 'not_found' })
  })
})
