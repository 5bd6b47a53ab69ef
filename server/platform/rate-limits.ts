import type { Context } from 'hono'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { Database } from '../db/client'
import { clientIp } from '../lib/client-ip'
import type { ErrorCode } from '../../shared/schemas/errors'
import { ApiError } from '../lib/errors'

/** So many points a key may spend per `durationS`; with `blockS`, a key over it is refused that long. */
export type Limit = { points: number; durationS: number; blockS?: number }

/**
 * A limiter counted in the database (the rate limiters' table), so that every instance counts the same attempts.
 * Expired rows are removed by the housekeeping timer (server/housekeeping.ts), not a timer per limiter.
 */
export function dbRateLimiter(database: Database, keyPrefix: string, limit: Limit): RateLimiterDrizzle {
  return new RateLimiterDrizzle({
    storeClient: database.db,
    schema: database.t.rateLimits,
    keyPrefix,
    points: limit.points,
    duration: limit.durationS,
    blockDuration: limit.blockS,
    clearExpiredByTimeout: false,
  })
}

/** 429 with how long to wait: whole seconds, at least one, in `Retry-After` and in the message. */
export function tooManyRequests(ms: number, code: ErrorCode = 'too_many_requests'): ApiError {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return new ApiError(429, code, { params: { seconds }, headers: { 'Retry-After': String(seconds) } })
}

/** Spends one point of `key`; over the limit, refused with 429 (`code`) and the wait. */
export async function spendOrRefuse(limiter: RateLimiterDrizzle, key: string, code?: ErrorCode): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err
    throw tooManyRequests(err.msBeforeNext, code)
  }
}

/**
 * A public page's throttle (no account, a token in the address): each request spends a point of the caller's
 * address (behind a trusted proxy, the address it names).
 */
export function addressThrottle(database: Database, keyPrefix: string, limit: Limit, trustProxy: boolean) {
  const limiter = dbRateLimiter(database, keyPrefix, limit)
  return (c: Context) => spendOrRefuse(limiter, clientIp(c, trustProxy) ?? 'unknown')
}
