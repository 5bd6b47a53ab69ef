import type { DisplaySceneInput, DisplayState } from '../../../shared/schemas/displays'
import { table } from './table'

/**
 * The office screens (issue 76, docs/decisions/101). A row is made when a kiosk browser asks to be paired (its code,
 * the hash of the secret it keeps) and becomes a screen when an admin or a manager enters the code: its name, office,
 * teams and scenes. The secret is the screen's credential: only its SHA-256 is kept, and a day after it was given it
 * is replaced (`nextSecretHash` until the screen first uses the new one). Revoked: nothing more is answered to it.
 */
export const [displays, displaysPg] = table(
  'displays',
  (k) => ({
    id: k.id(),
    state: k.text('state').$type<DisplayState>().notNull(),
    /** the pairing code while the screen waits (null once paired or revoked) */
    code: k.text('code').unique(),
    codeExpiresAt: k.ms('code_expires_at'),
    secretHash: k.text('secret_hash').notNull(),
    nextSecretHash: k.text('next_secret_hash'),
    /** when the new secret was given (another is given only if the screen has not used it for a while: its answer was lost) */
    nextSecretAt: k.ms('next_secret_at'),
    secretIssuedAt: k.ms('secret_issued_at').notNull(),
    name: k.text('name'),
    officeId: k.text('office_id'),
    teamIds: k.json('team_ids').$type<string[]>().notNull(),
    scenes: k.json('scenes').$type<DisplaySceneInput[]>().notNull(),
    pairedAt: k.ms('paired_at'),
    pairedById: k.text('paired_by_id'),
    revokedAt: k.ms('revoked_at'),
    revokedById: k.text('revoked_by_id'),
    lastSeenAt: k.ms('last_seen_at'),
    lastSeenIp: k.text('last_seen_ip'),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('displays_office').on(t.officeId, t.state), k.index('displays_code_expiry').on(t.state, t.codeExpiresAt)],
)
