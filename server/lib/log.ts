import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { pino, type DestinationStream, type Logger } from 'pino'

/**
 * The server's log (docs/operations.md): one JSON object a line on stdout, with the well-kept `pino`. A line written
 * while a request is handled carries its request id (`reqId`, also the response's `X-Request-Id`) and, once the
 * session is known, the user's id (`userId`) — never who they are. No personal data: fields named like secrets or
 * identity are replaced by `[redacted]`, and Swedish and Finnish identity numbers, card-like digit runs and e-mail
 * addresses are masked in messages and errors (a database error may quote the value it refused).
 */

type LogContext = { reqId: string; userId?: string }
const context = new AsyncLocalStorage<LogContext>()

const REDACT = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'ssn',
  'customerSsn',
  'personalNumber',
  'bankAccount',
  'clearingNumber',
  'accountNumber',
  'email',
  'phone',
]

// Identity numbers (ÅÅMMDD-NNNN, ÅÅÅÅMMDDNNNN, Finnish DDMMYY-NNNX), account-like runs of digits, e-mail addresses.
const PERSONAL = [/\b(?:\d{2})?\d{6}[-+A]?\d{3}[\dA-Z]\b/g, /\b\d{10,}\b/g, /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi]

/**
 * A text with personal data masked. A failed statement's error (drizzle's "Failed query: … params: …") lists the
 * values it was given — names, addresses — so its parameters are left out whole.
 */
export function scrub(text: string): string {
  return PERSONAL.reduce((t, re) => t.replace(re, '[masked]'), text.replace(/\nparams: [^\n]*/g, '\nparams: [left out]'))
}

function scrubError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: scrub(String(err)) }
  return { type: err.name, message: scrub(err.message), stack: err.stack ? scrub(err.stack) : undefined }
}

let destination: DestinationStream | undefined
let level = 'info'
let instance: Logger | null = null

function logger(): Logger {
  instance ??= pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACT, ...REDACT.map((k) => `*.${k}`)], censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const c = context.getStore()
        return c ? (c.userId ? { reqId: c.reqId, userId: c.userId } : { reqId: c.reqId }) : {}
      },
      hooks: {
        // The message of every line, and an error's, masked; errors as {type, message, stack}.
        logMethod(args, method) {
          const out = args.map((a, i) => {
            if (typeof a === 'string') return scrub(a)
            if (a instanceof Error) return i === 0 ? { err: scrubError(a) } : scrub(a.message)
            if (i === 0 && a !== null && typeof a === 'object' && 'err' in a) {
              const err = (a as { err: unknown }).err
              return { ...a, err: typeof err === 'string' ? scrub(err) : err === undefined ? undefined : scrubError(err) }
            }
            return a
          })
          return method.apply(this, out as Parameters<typeof method>)
        },
      },
    },
    destination,
  )
  return instance
}

/** The log: `log.info(message)`, `log.error({ err }, message)`, `log.warn({ job: name }, message)`. */
export const log = {
  debug: (...args: unknown[]) => (logger().debug as (...a: unknown[]) => void)(...args),
  info: (...args: unknown[]) => (logger().info as (...a: unknown[]) => void)(...args),
  warn: (...args: unknown[]) => (logger().warn as (...a: unknown[]) => void)(...args),
  error: (...args: unknown[]) => (logger().error as (...a: unknown[]) => void)(...args),
}

/** Sets the level and, for tests, where lines go (the process's stdout otherwise). */
export function configureLog(opts: { level?: string; destination?: DestinationStream }) {
  if (opts.level) level = opts.level
  if (opts.destination) destination = opts.destination
  instance = null
}

/** A request's id: the caller's `X-Request-Id` when it is a plain token, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID()
}

/** Runs a request's handling with its id in every line it logs. */
export function withRequestLog<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn)
}

/** The id of the request being handled (null outside one): events and jobs it causes keep it. */
export function currentRequestId(): string | null {
  return context.getStore()?.reqId ?? null
}

/** Runs `fn` with the lines it logs carrying `reqId` when there is one (a job or a delivery a request caused). */
export function withCause<T>(reqId: string | null | undefined, fn: () => T): T {
  return reqId ? context.run({ reqId }, fn) : fn()
}

/** The signed-in user of the request being handled, for its lines from now on. */
export function logUser(userId: string) {
  const c = context.getStore()
  if (c) c.userId = userId
}
