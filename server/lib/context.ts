import type { AppAbility, AppRawRule } from '../../shared/permissions/ability'
import type { LanguageCode } from '../../shared/i18n'
import type { Translate } from '../../shared/schemas/errors'
import type { UserData } from '../../shared/schemas/auth'

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
