import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as oidc from 'openid-client'
import type { Translate } from '../../../shared/schemas/errors'
import type { OfferEidInput, OfferEidOutcome, OfferEidSettings } from '../../../shared/schemas/offers'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { log } from '../../lib/log'
import { oidcConfigs } from '../../lib/oidc'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { SecretBox } from '../../platform/secret-box'
import type { OffersContext } from './offers.context'

/** The broker's one row. */
const BROKER = 'broker'
/** How long the customer has at the broker before the acceptance must start again. */
export const EID_PENDING_MS = 10 * 60_000
/** The broker's clock may run this far from ours (the sign-in's `auth_time`). */
const CLOCK_SKEW_S = 60

export type OfferEidRow = OffersContext['t']['offerEid']['$inferSelect']
/** What an acceptance through the broker proves: who signed in there, when and how. */
export type EidEvidence = { issuer: string; subject: string; name: string | null; numberHash: string | null; acr: string | null; authAt: number | null }

/** What the customer's browser keeps while at the broker (sealed, minutes long): the offer, the document, state, nonce, PKCE. */
export type Pending = { t: string; h: string; s: string; n: string; v: string; e: number }

/** An acceptance through the broker that did not go through, with the outcome the customer's page names. */
export class EidRefused extends Error {
  constructor(
    readonly outcome: Exclude<OfferEidOutcome, 'accepted'>,
    readonly token: string | null,
  ) {
    super(outcome)
  }
}

/** The name the broker gives: `name`, else the given and family names. */
function nameOf(claims: Record<string, unknown>): string | null {
  if (typeof claims.name === 'string' && claims.name.trim()) return claims.name.trim().slice(0, 200)
  const parts = [claims.given_name, claims.family_name].filter((x): x is string => typeof x === 'string' && x.trim() !== '')
  return parts.length ? parts.join(' ').slice(0, 200) : null
}

/** The identity number's fingerprint: SHA-256 of its digits (19900101-1234 and 199001011234 are one number). */
export const identityNumberHash = (value: string) =>
  createHash('sha256')
    .update(value.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
    .digest('hex')

/** The broker's settings as back office sees them: never the secret, only whether there is one. */
const settingsOf = (row: OfferEidRow, redirectUri: string): OfferEidSettings => ({
  label: row.label,
  issuer: row.issuer,
  clientId: row.clientId,
  hasSecret: !!row.clientSecret,
  scopes: row.scopes,
  acrValues: row.acrValues,
  identityNumberClaim: row.identityNumberClaim,
  active: row.active,
  version: row.version,
  updatedAt: row.updatedAt,
  redirectUri,
})

/** The sealed pending acceptance opened; a missing, tampered or expired one is refused as expired. */
function pendingFrom(secrets: Pick<SecretBox, 'open'>, sealedPending: string | undefined, now: number): Pending {
  let pending: Pending | null = null
  try {
    pending = sealedPending ? (JSON.parse(secrets.open(sealedPending)) as Pending) : null
  } catch {
    pending = null
  }
  if (!pending || pending.e < now) throw new EidRefused('expired', pending?.t ?? null)
  return pending
}

/**
 * Accepting a written offer through the organisation's eID broker (docs/decisions/100): the broker's settings (back
 * office, `update sale_offers`), the way out for the customer (OpenID Connect's authorization code flow with PKCE, a
 * state and a nonce, a fresh sign-in: `prompt=login`, `max_age=0`), and the way back — the code exchanged by
 * openid-client (which checks the ID token's signature, issuer, audience, expiry and nonce), then the acceptance taken
 * with who signed in as its evidence.
 */
export function offersEid(ctx: OffersContext, secrets: Pick<SecretBox, 'seal' | 'open'>) {
  const { database, db, t } = ctx
  const configOf = oidcConfigs(secrets, Date.now)

  async function broker(tx: Db = db): Promise<OfferEidRow | null> {
    const [row] = await tx.select().from(t.offerEid).where(eq(t.offerEid.id, BROKER))
    return row ?? null
  }

  return {
    broker,
    /** The broker when it is set up and switched on. */
    async activeBroker(tx: Db = db): Promise<OfferEidRow | null> {
      const row = await broker(tx)
      return row?.active ? row : null
    },

    async settings(redirectUri: string): Promise<OfferEidSettings | null> {
      const row = await broker()
      return row ? settingsOf(row, redirectUri) : null
    },

    /**
     * Set up or changed: versioned (a stale edit is 409), the secret sealed (absent keeps it, '' removes it), every change
     * logged without the secret. Switching it off while a rule needs an eID is refused: no customer could accept.
     */
    async save(actorId: string, input: OfferEidInput, c: { now: number; translate: Translate; redirectUri: string }): Promise<OfferEidSettings> {
      return database.transaction(async (tx) => {
        const before = await broker(tx)
        if (before && input.version !== undefined && input.version !== before.version)
          throw new ApiError(409, 'version_conflict', { details: { current: settingsOf(before, c.redirectUri) } })
        if (!input.active) {
          const [needing] = await tx.select({ id: ctx.r.id }).from(ctx.r).where(eq(ctx.r.eid, 'required')).limit(1)
          if (needing) throw validationError({ active: [c.translate('validation.offers.eidInUse')] })
        }
        const secret = input.clientSecret === undefined ? (before?.clientSecret ?? null) : input.clientSecret ? secrets.seal(input.clientSecret) : null
        const next = {
          label: input.label,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecret: secret,
          scopes: input.scopes ?? 'openid profile',
          acrValues: input.acrValues ?? null,
          identityNumberClaim: input.identityNumberClaim ?? null,
          active: input.active,
          updatedBy: actorId,
          updatedAt: c.now,
        }
        if (!before) {
          await tx.insert(t.offerEid).values({ id: BROKER, ...next, version: 1 })
          await logActivity(tx, t, { at: c.now, actorId, entity: 'offer_eid', entityId: BROKER, action: 'created', after: { ...next, clientSecret: !!secret } })
        } else {
          const moved = await tx
            .update(t.offerEid)
            .set({ ...next, version: before.version + 1 })
            .where(eq(t.offerEid.version, before.version))
            .returning({ id: t.offerEid.id })
          if (moved.length === 0) throw new ApiError(409, 'version_conflict', { details: {} })
          const diff = changedFields(
            { ...before, clientSecret: before.clientSecret !== null } as Record<string, unknown>,
            { ...next, clientSecret: secret !== null, secretChanged: secret !== before.clientSecret } as Record<string, unknown>,
          )
          await logActivity(tx, t, { at: c.now, actorId, entity: 'offer_eid', entityId: BROKER, action: 'updated', ...diff })
        }
        return settingsOf((await broker(tx))!, c.redirectUri)
      })
    },

    /**
     * The way out for the customer: the broker's authorization address and what their browser keeps until it comes
     * back. Asked for an offer that waits, on the document it shows, when the offer may be accepted through the broker.
     */
    async start(offer: { token: string; documentHash: string; eid: string }, redirectUri: string, now: number): Promise<{ location: string; pending: string }> {
      const row = offer.eid === 'off' ? null : await this.activeBroker()
      if (!row) throw new EidRefused('unavailable', offer.token)
      let config: oidc.Configuration
      try {
        config = await configOf(row)
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'offers: the eID broker could not be read')
        throw new EidRefused('unavailable', offer.token)
      }
      const verifier = oidc.randomPKCECodeVerifier()
      const pending: Pending = { t: offer.token, h: offer.documentHash, s: oidc.randomState(), n: oidc.randomNonce(), v: verifier, e: now + EID_PENDING_MS }
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: row.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.s,
        nonce: pending.n,
        // An acceptance is a sign-in at the broker now, never its remembered session (OpenID Connect Core 3.1.2.1).
        prompt: 'login',
        max_age: '0',
      }
      if (row.acrValues) params.acr_values = row.acrValues
      return { location: oidc.buildAuthorizationUrl(config, params).href, pending: secrets.seal(JSON.stringify(pending)) }
    },

    /** The pending acceptance this browser brought back, unexpired (else the customer starts again from the link). */
    pendingOf: (sealedPending: string | undefined, now: number): Pending => pendingFrom(secrets, sealedPending, now),

    /**
     * Back from the broker: the code exchanged and the ID token checked; the sign-in must be one made after the
     * customer left (`auth_time`). Answers the document the customer accepted and what the broker proved.
     */
    async finish(pending: Pending, currentUrl: URL, redirectUri: string): Promise<{ documentHash: string; evidence: EidEvidence }> {
      const row = await this.activeBroker()
      if (!row) throw new EidRefused('unavailable', pending.t)
      try {
        const config = await configOf(row)
        const callback = new URL(redirectUri)
        callback.search = currentUrl.search
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: pending.v,
          expectedState: pending.s,
          expectedNonce: pending.n,
          idTokenExpected: true,
        })
        const claims = (tokens.claims() ?? {}) as Record<string, unknown>
        const left = (pending.e - EID_PENDING_MS) / 1000
        if (!(typeof claims.auth_time === 'number' && claims.auth_time >= left - CLOCK_SKEW_S)) throw new EidRefused('failed', pending.t)
        const number = row.identityNumberClaim ? claims[row.identityNumberClaim] : undefined
        return {
          documentHash: pending.h,
          evidence: {
            issuer: String(claims.iss),
            subject: String(claims.sub).slice(0, 255),
            name: nameOf(claims),
            numberHash: typeof number === 'string' && number.trim() ? identityNumberHash(number) : null,
            acr: typeof claims.acr === 'string' ? claims.acr.slice(0, 200) : null,
            authAt: claims.auth_time * 1000,
          },
        }
      } catch (err) {
        if (err instanceof EidRefused) throw err
        if (err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied') throw new EidRefused('cancelled', pending.t)
        const e = err as { name?: string; code?: string; error?: string }
        log.warn({ err: e.error ?? e.code ?? e.name }, 'offers: an acceptance through the eID broker was refused')
        const unreachable = e.name === 'TimeoutError' || e.name === 'AbortError' || (err instanceof TypeError && /fetch/i.test(err.message))
        throw new EidRefused(unreachable ? 'unavailable' : 'failed', pending.t)
      }
    },
  }
}
export type OffersEid = ReturnType<typeof offersEid>
