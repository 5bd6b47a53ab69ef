import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv, servingProblems } from '../env'
import { createTestApp, DEMO_PASSWORD } from '../test/harness'

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-static-'))
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Säljkraft</title></head><body></body></html>')
const t = await createTestApp({ STATIC_DIR: staticDir })
// A production-like instance: only its configured origin may send changes.
const prod = await createTestApp({ NODE_ENV: 'production', DEMO_MODE: 'true', APP_ORIGINS: 'https://app.example.se', STATIC_DIR: staticDir })

const login = (app: typeof t, headers: Record<string, string>) =>
  app.request('POST', '/api/auth/login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD }, headers })

describe('document headers', () => {
  it('frame options agree (DENY and frame-ancestors none) and a Permissions-Policy allows only what the app uses', async () => {
    const r = await t.request('GET', '/login')
    expect(r.res.headers.get('x-frame-options')).toBe('DENY')
    expect(r.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const policy = r.res.headers.get('permissions-policy') ?? ''
    expect(policy).toContain('camera=(self)')
    // The seller's position when a sale is saved, with their permission (docs/decisions/074): this origin only.
    expect(policy).toContain('geolocation=(self)')
    expect(policy).toContain('microphone=()')
    // The map's workers are the app's own files, not blobs; no tile server is reachable until an admin sets a style.
    expect(r.res.headers.get('content-security-policy')).toContain("worker-src 'self'")
    expect(r.res.headers.get('content-security-policy')).toMatch(/connect-src 'self'\s*;/)
  })
})

describe('the origin check trusts the configured origins, not the Host header', () => {
  it('refuses a page on another name that resolves to this server (Host and Origin agree, DNS rebinding)', async () => {
    const r = await login(t, { host: 'evil.example', origin: 'http://evil.example' })
    expect(r.status).toBe(403)
    expect(r.json.error).toBe('csrf')
  })

  it('outside production a loopback origin on any port is accepted (a developer machine, the Vite dev server)', async () => {
    expect((await login(t, { origin: 'http://localhost:5173' })).status).toBe(200)
    expect((await login(t, { origin: 'http://127.0.0.1:3000' })).status).toBe(200)
  })

  it('in production only APP_ORIGINS are accepted, whatever the Host header says', async () => {
    expect((await login(prod, { origin: 'https://app.example.se' })).status).toBe(200)
    expect((await login(prod, { origin: 'http://localhost' })).status).toBe(403)
    expect((await login(prod, { host: 'other.example.se', origin: 'https://other.example.se' })).status).toBe(403)
  })

  it('production without APP_ORIGINS does not start, and a malformed origin is refused with a message', () => {
    expect(servingProblems(parseEnv({ NODE_ENV: 'production' }))).toEqual([expect.stringContaining('APP_ORIGINS must name the address')])
    expect(servingProblems(parseEnv({ NODE_ENV: 'production', APP_ORIGINS: 'https://app.example.se' }))).toEqual([])
    expect(servingProblems(parseEnv({}))).toEqual([])
    expect(() => parseEnv({ APP_ORIGINS: 'https://app.example.se/path' })).toThrow(/APP_ORIGINS must be origins/)
    expect(() => parseEnv({ APP_ORIGINS: 'app.example.se' })).toThrow(/APP_ORIGINS must be origins/)
    expect(parseEnv({ APP_ORIGINS: 'https://a.example.se/, http://b.example.se:8080' }).appOrigins).toEqual([
      'https://a.example.se',
      'http://b.example.se:8080',
    ])
  })
})
