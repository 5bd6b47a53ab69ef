import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Span } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { Database } from '../db/client'
import type { Env } from '../env'
import { log } from '../lib/log'
import { statementKind } from '../db/statement-kind'
import { currentRequestId } from '../lib/log'

/**
 * OpenTelemetry traces (docs/operations.md), off unless OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set:
 * an API request is a server span (the caller's W3C `traceparent` honoured), each database statement made while a
 * span is active is a child of it, and the events the request records and the jobs it enqueues keep its context
 * (`trace_parent`), so their deliveries and runs are spans of the same trace. Spans leave in batches as OTLP
 * protobuf over HTTP, the format every collector takes. Statement spans carry the SQL with its placeholders, never
 * the values; requests carry their route pattern, never the address with its ids.
 *
 * Off, every function here is a plain call: nothing is created, nothing is kept.
 */
const TRACER = 'saljkraft'
let enabled = false

export type Tracing = { shutdown(): Promise<void> }

/** Starts the process's tracing when configured; shutdown() sends what is left and stops it. */
export function startTracing(env: Env, database: Database): Tracing | null {
  if (!env.tracing) return null
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.tracing.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: env.tracing.url, headers: env.tracing.headers }), { scheduledDelayMillis: env.tracing.delayMs }),
    ],
  })
  // The first one a process starts is the process's (a test process may start more apps; they share it).
  const owner = !enabled
  if (owner) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    propagation.setGlobalPropagator(new W3CTraceContextPropagator())
    trace.setGlobalTracerProvider(provider)
    enabled = true
  }
  const system = database.dialect === 'pg' ? 'postgresql' : 'sqlite'
  database.onStatement((text) => {
    if (!trace.getActiveSpan()) return () => {}
    const span = tracer().startSpan(statementKind(text), {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': system, 'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text },
    })
    return (failed) => {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
  })
  log.info({ url: env.tracing.url }, '[tracing] sending traces')
  return {
    async shutdown() {
      await provider.shutdown().catch((err: unknown) => log.warn({ err }, '[tracing] the last spans could not be sent'))
      if (owner) {
        enabled = false
        trace.disable()
        propagation.disable()
        context.disable()
      }
    },
  }
}

const tracer = () => trace.getTracer(TRACER)

/**
 * Runs a request's handling in its server span; `done` answers the route pattern it matched and its status once
 * handled.
 */
export function traceRequest<T>(
  header: (name: string) => string | undefined,
  method: string,
  run: () => Promise<T>,
  done: () => { route: string; status: number },
): Promise<T> {
  if (!enabled) return run()
  const parent = propagation.extract(context.active(), { traceparent: header('traceparent'), tracestate: header('tracestate') })
  return tracer().startActiveSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent, async (span) => {
    try {
      return await run()
    } finally {
      const { route, status } = done()
      span.updateName(`${method} ${route}`)
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status })
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
  })
}

/** The context of the span being run (W3C `traceparent`), kept with an event or a job; null when none. */
export function currentTraceParent(): string | null {
  if (!enabled || !trace.getActiveSpan()) return null
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  return carrier.traceparent ?? null
}

/** Runs work a request caused (an event's delivery, a job's run) as a span of that request's trace. */
export function traceCaused<T>(traceParent: string | null | undefined, name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  if (!enabled || !traceParent) return run()
  const parent = propagation.extract(context.active(), { traceparent: traceParent })
  return tracer().startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span: Span) => {
    try {
      return await run()
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message.slice(0, 200) : undefined })
      throw err
    } finally {
      span.end()
    }
  })
}

/** What work a request causes keeps of it (an event, a job): its request id and, when tracing, its trace. */
export function causeOfWork(): { requestId: string | null; traceParent: string | null } {
  return { requestId: currentRequestId(), traceParent: currentTraceParent() }
}
