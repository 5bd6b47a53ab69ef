import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import protobuf from 'protobufjs'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'
import { saleArgs } from '../test/fixtures'

/**
 * OpenTelemetry traces (issue 71): a request, its statements and the events it causes are one trace, sent as OTLP.
 * The collector here decodes what arrives with OpenTelemetry's own protocol definitions, not the exporter's
 * encoder: server/test/references/opentelemetry-proto/ (github.com/open-telemetry/opentelemetry-proto at
 * ac2c4b5d1f3a6079de62f9afec860158ecc8af09, v1.11.0+16): ExportTraceServiceRequest, POST /v1/traces,
 * Content-Type application/x-protobuf (the OTLP/HTTP specification).
 */
const REFERENCE = path.resolve(import.meta.dirname, '../test/references/opentelemetry-proto')
const root = new protobuf.Root()
root.resolvePath = (_origin, target) => path.join(REFERENCE, target)
await root.load('opentelemetry/proto/collector/trace/v1/trace_service.proto', { keepCase: true })
const ExportRequest = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest')

type KeyValue = { key: string; value: { string_value?: string; int_value?: string | number } }
type Span = { trace_id: Buffer; span_id: Buffer; parent_span_id?: Buffer; name: string; kind: number; attributes?: KeyValue[] }
type Export = { resource_spans: Array<{ resource: { attributes: KeyValue[] }; scope_spans: Array<{ spans: Span[] }> }> }

const received: Export[] = []
const wrongRequests: string[] = []
const collector = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
      wrongRequests.push(`${req.method} ${req.url} ${req.headers['content-type']}`)
    } else {
      received.push(ExportRequest.toObject(ExportRequest.decode(Buffer.concat(chunks)), { longs: String, defaults: false }) as Export)
    }
    res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end()
  })
})
collector.listen(0, '127.0.0.1')
await once(collector, 'listening')
afterAll(() => collector.close())

const t = await createTestApp({
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
  OTEL_SERVICE_NAME: 'saljkraft-test',
  OTEL_BSP_SCHEDULE_DELAY: '50',
})

const hex = (b: Buffer | undefined) => (b ? Buffer.from(b).toString('hex') : '')
const attr = (span: { attributes?: KeyValue[] }, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value
  return v?.string_value ?? (v?.int_value !== undefined ? Number(v.int_value) : undefined)
}

describe('traces', () => {
  it('make a request, its statements and the event deliveries it causes one trace, honouring the caller’s traceparent', async () => {
    const seller = await t.newSeller({ firstName: 'Spar', lastName: 'Saljare' })
    const device = t.device(seller.cookie)
    const product = (await device.products()).find((p) => p.active)!
    const sale = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] })
    // The caller (a load balancer, the app) started the trace.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    const callerSpan = '00f067aa0ba902b7'
    const pushed = await t.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
      body: { clientId: device.clientId, schemaVersion: 2, mutations: [{ seq: 1, name: 'createSale', args: sale, createdAt: Date.now() }] },
    })
    expect(pushed.json).toMatchObject({ applied: 1 })
    await t.events.settled()
    // Closing flushes the batch: every span ended so far is sent.
    await t.database.close()

    expect(wrongRequests).toEqual([])
    const resources = received.flatMap((r) => r.resource_spans)
    expect(resources.length).toBeGreaterThan(0)
    for (const r of resources) expect(attr(r.resource, 'service.name')).toBe('saljkraft-test')
    const spans = resources.flatMap((r) => r.scope_spans.flatMap((s) => s.spans))
    const inTrace = spans.filter((s) => hex(s.trace_id) === traceId)

    // The request: a server span (kind 2) named by its route pattern, child of the caller's span.
    const request = inTrace.find((s) => s.name === 'POST /api/sync/push')!
    expect(request).toBeDefined()
    expect(request.kind).toBe(2)
    expect(hex(request.parent_span_id)).toBe(callerSpan)
    expect(attr(request, 'http.route')).toBe('/api/sync/push')
    expect(attr(request, 'http.response.status_code')).toBe(200)

    // Its statements: client spans (kind 3) under it, the sale's insert among them, with placeholders only.
    const statements = inTrace.filter((s) => hex(s.parent_span_id) === hex(request.span_id) && s.kind === 3)
    expect(statements.map((s) => s.name)).toEqual(expect.arrayContaining(['select', 'insert']))
    expect(statements.some((s) => /insert into "sales"/i.test(String(attr(s, 'db.query.text'))))).toBe(true)
    for (const s of statements) expect(attr(s, 'db.system.name')).toBe(t.database.dialect === 'pg' ? 'postgresql' : 'sqlite')
    // Nothing the seller typed leaves in a span: not the customer's name, identity number or address.
    const everything = JSON.stringify(spans.map((s) => s.attributes))
    for (const value of [sale.customerName, sale.customerSsn, sale.address, sale.email]) expect(everything).not.toContain(value)

    // The deliveries of the events it recorded: consumer spans (kind 5) of the same trace, children of the request,
    // each with its own statements under it.
    const deliveries = inTrace.filter((s) => s.kind === 5 && s.name.startsWith('event '))
    expect(deliveries.length).toBeGreaterThan(0)
    for (const d of deliveries) expect(hex(d.parent_span_id)).toBe(hex(request.span_id))
    expect(deliveries.map((d) => attr(d, 'event.name'))).toContain('sale.created')
    const underDeliveries = new Set(deliveries.map((d) => hex(d.span_id)))
    expect(inTrace.some((s) => s.kind === 3 && underDeliveries.has(hex(s.parent_span_id)))).toBe(true)
  })
})
