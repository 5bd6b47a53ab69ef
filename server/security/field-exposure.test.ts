import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildAbility } from '../../shared/permissions/ability'
import { COMPANY_FIGURE_FIELDS, seesCompanyFigures } from '../../shared/permissions/fields'
import { ROLE_KEYS } from '../../shared/permissions/roles'
import { SYNC_SCHEMA_VERSION, type PullResult } from '../../shared/schemas/sync'
import { declaredAccess, passes } from '../lib/access'
import { createTestApp } from '../test/harness'
import { saleArgs } from '../test/fixtures'

/**
 * What a role receives is what it may see (decision 016): the company's commission and cost reach only those
 * whose permissions read them, in the sync pull and in every API answer. The walk looks at every key at any
 * depth, so a new route or a new field that carries them fails here.
 */

const t = await createTestApp()

function financeKeys(value: unknown, path = '$', found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => financeKeys(v, `${path}[${i}]`, found))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((COMPANY_FIGURE_FIELDS as readonly string[]).includes(k)) found.push(`${path}.${k}`)
      financeKeys(v, `${path}.${k}`, found)
    }
  }
  return found
}

async function pullAll(cookie: string) {
  const clientId = randomUUID()
  const pages: PullResult[] = []
  let c: string | null = null
  do {
    const r = await t.request('POST', '/api/sync/pull', { cookie, body: { clientId, cookie: c } })
    expect(r.status).toBe(200)
    pages.push(r.json as unknown as PullResult)
    c = pages.at(-1)!.cookie
  } while (pages.at(-1)!.more)
  return pages
}

describe('a seller never receives the company’s figures', () => {
  it('not in the pull, after making a sale of their own', async () => {
    const { cookie } = await t.login('seller@demo.test')
    const [first] = await pullAll(cookie)
    const product = first!.patch.find((p) => p.table === 'products' && p.op === 'put') as { value: { id: string; providerId: string } }
    const provider = first!.patch.find((p) => p.table === 'providers' && p.key === product.value.providerId) as {
      value: { requireExternalOrderNumber: boolean }
    }
    const push = await t.request('POST', '/api/sync/push', {
      cookie,
      body: {
        clientId: randomUUID(),
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [
          {
            seq: 1,
            name: 'createSale',
            createdAt: Date.now(),
            args: saleArgs({
              providerId: product.value.providerId,
              products: [{ productId: product.value.id, quantity: 2 }],
              externalOrderNumber: provider.value.requireExternalOrderNumber ? 'EXT-1' : null,
            }),
          },
        ],
      },
    })
    expect(push.json).toMatchObject({ applied: 1 })
    const pages = await pullAll(cookie)
    expect(pages.some((p) => p.patch.some((op) => op.table === 'sales'))).toBe(true)
    expect(financeKeys(pages)).toEqual([])
  })

  it('not in any answer of an API route the seller may read', async () => {
    const { cookie, answer } = await t.login('seller@demo.test')
    const ability = buildAbility(answer.userAbilityRules)
    const reads = t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/'))
    let read = 0
    for (const r of reads) {
      const access = declaredAccess(r.handler)
      if (!access || !passes(access, ability)) continue
      const res = await t.request('GET', r.path.replace(/:[A-Za-z]+/g, randomUUID()), { cookie })
      if (res.json !== undefined) expect(financeKeys(res.json), `GET ${r.path}`).toEqual([])
      read++
    }
    expect(read).toBeGreaterThanOrEqual(5)
  })
})

describe('per role: the pull carries the company’s figures exactly when the role may see them', () => {
  it.each(ROLE_KEYS)('%s', async (role) => {
    const { cookie, answer } = await t.login(`${role}@demo.test`)
    const sees = seesCompanyFigures(buildAbility(answer.userAbilityRules))
    const found = financeKeys(await pullAll(cookie))
    if (sees) expect(found.length).toBeGreaterThan(0)
    else expect(found).toEqual([])
    // Who sees them, as decided: catalogue keepers and finance views.
    expect(sees).toBe(['admin', 'backoffice', 'manager'].includes(role))
  })
})
