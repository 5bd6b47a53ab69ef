import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

// A stand-in build: the server answers every client route with this index.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-static-'))
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Säljkraft</title></head><body><div id="root"></div></body></html>')
fs.writeFileSync(
  path.join(staticDir, 'route-preloads.json'),
  JSON.stringify({ login: ['/assets/login-page-x.js', '/assets/login-page-x.css'], 'sales-id': ['/assets/sale-detail-page-y.js', '/assets/card-z.js'] }),
)
const t = await createTestApp({ STATIC_DIR: staticDir })
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])

describe('the served index', () => {
  it('carries the app meta as a JSON data block, so the first screen needs no round trip', async () => {
    const r = await t.request('GET', '/login')
    expect(r.status).toBe(200)
    expect(r.res.headers.get('content-type')).toContain('text/html')
    const block = /<script type="application\/json" id="sk-meta">(.*?)<\/script>/.exec(r.text)
    expect(block).not.toBeNull()
    expect(JSON.parse(block![1]!)).toEqual((await t.request('GET', '/api/meta')).json)
    expect(block![1]).not.toContain('<')
  })

  it('preloads the opened route’s own chunks and links its stylesheets with the entry', async () => {
    const login = (await t.request('GET', '/login')).text
    expect(preloads(login)).toEqual(['/assets/login-page-x.js'])
    expect(stylesheets(login)).toEqual(['/assets/login-page-x.css'])
    expect(login.indexOf('login-page-x.css')).toBeLessThan(login.indexOf('</head>'))
    expect(preloads((await t.request('GET', '/sales/2b1c-42')).text)).toEqual(['/assets/sale-detail-page-y.js', '/assets/card-z.js'])
    expect(preloads((await t.request('GET', '/no/such/page')).text)).toEqual([])
  })
})
