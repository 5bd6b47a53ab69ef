import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

const t = await createTestApp({ MAINTENANCE_MODE: 'true' })

describe('maintenance mode', () => {
  it('answers 503 maintenance with Retry-After everywhere but health and meta', async () => {
    const me = await t.request('GET', '/api/auth/me')
    expect(me.status).toBe(503)
    expect(me.res.headers.get('retry-after')).toBe('300')
    expect(me.json).toEqual({
      error: 'maintenance',
      message: 'Säljkraft har underhåll just nu. Det du gör på telefonen sparas och skickas när vi är tillbaka.',
    })
    const push = await t.request('POST', '/api/sync/push', { body: { clientId: crypto.randomUUID(), schemaVersion: 1, mutations: [] } })
    expect(push.status).toBe(503)
    expect((await t.request('GET', '/api/health')).status).toBe(200)
    const meta = await t.request('GET', '/api/meta')
    expect(meta.status).toBe(200)
    expect(meta.json.maintenance).toBe(true)
  })
})
