import type { AppAbility, AppRawRule } from '../../shared/permissions/ability'
import type { LanguageCode } from '../../shared/i18n'
import type { Translate } from '../../shared/schemas/errors'
import type { UserData } from '../../shared/schemas/auth'

export type AuthContext = {
  sessionId: string
  /** the user the request acts as: the signed-in user, or whom an admin impersonates (docs/decisions/037) */
  userData: UserData
  /** the admin really signed in, while they impersonate `userData`'s user; null otherwise */
  impersonator: { id: string; fullName: string } | null
  /** the terms of use in force that the user has not accepted (docs/decisions/039): the API refuses the rest */
  termsPending: { versionId: string; number: number } | null
  /** the password is one someone else chose (decision 082): the API refuses all but setting one's own */
  passwordChangeRequired: boolean
  rules: AppRawRule[]
  ability: AppAbility
  /** when the person last proved who they are in this session (its sign-in, or a confirmation since; decision 093) */
  authenticatedAt: number
  /** how long that counts as recent for sensitive actions */
  stepUpMs: number
  /** the /api/auth/me answer, serialized once per loaded session */
  answerJson: string
  /**
   * a short digest of that answer, sent with every signed-in API answer (`X-Session-Rev`): a client seeing it
   * change fetches its user data and rules again (changed roles reach an open app without a new sign-in)
   */
  rev: string
}

export type AppEnv = {
  Variables: {
    lang: LanguageCode
    t: Translate
    auth: AuthContext | null
  }
}

/** Who acts in a signed-in request, as an area's reads and changes take it: their id and what they may do. */
export function actorOf(c: { var: AppEnv['Variables'] }): { id: string; ability: AppAbility } {
  return { id: c.var.auth!.userData.id, ability: c.var.auth!.ability }
}
