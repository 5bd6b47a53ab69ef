import type { AppAbility, AppRawRule } from '../../shared/permissions/ability'
import type { LanguageCode } from '../../shared/i18n'
import type { Translate } from '../../shared/schemas/errors'
import type { UserData } from '../../shared/schemas/auth'
import type { Database } from '../db/client'
import type { Env } from '../env'
import type { SyncHooks } from '../modules/sync/sync.service'

/** `syncHooks` is a test seam (fault injection in the sync queue); production passes none. */
export type Deps = { env: Env; database: Database; syncHooks?: SyncHooks }

export type AuthContext = {
  sessionId: string
  userData: UserData
  rules: AppRawRule[]
  ability: AppAbility
  /** the /api/auth/me answer, serialized once per loaded session */
  answerJson: string
}

export type AppEnv = {
  Variables: {
    lang: LanguageCode
    t: Translate
    auth: AuthContext | null
  }
}
