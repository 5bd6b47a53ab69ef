import { serve } from '@hono/node-server'
import { Hono } from 'hono'

/** The baseline of bench:api: a bare Hono route on the same Node server adapter. */
const port = Number(process.argv[2] ?? 3991)
const app = new Hono().get('/bare', (c) => c.json({ status: 'ok' }))
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`bare on ${port}`))
