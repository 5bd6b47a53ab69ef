import type { Database, Db } from '../../db/client'
import type { SecretBox } from '../../platform/secret-box'
import { mfaContext } from './mfa.context'
export { TOTP, RECOVERY_CODE_COUNT, CHALLENGE, FAILED_CODES } from './mfa.context'

import { mfaSetup } from './mfa.setup'
import { mfaChallenges } from './mfa.challenges'

export function mfaService(
  database: Database,
  opts: {
    secrets: SecretBox
    now?: () => number
    /** the account's second step was just locked (the person is told: an event, in the transaction of its log line) */
    onLocked?: (tx: Db, userId: string, at: number) => Promise<void>
  },
) {
  const ctx = mfaContext(database, opts)
  return { enrolment: mfaSetup(ctx), challenges: mfaChallenges(ctx) }
}

export type MfaService = ReturnType<typeof mfaService>
