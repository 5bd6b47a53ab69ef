import { TRANSLATORS, type LanguageCode, type Translator } from '../../../shared/i18n'
import { type NotificationType } from '../../../shared/schemas/notifications'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { MessageAudience } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** A recipient as the users area answers for them (its directory). */
export type Recipient = {
  id: string
  name: string
  email: string
  language: LanguageCode
  settings: Record<NotificationType, { inApp: boolean; push: boolean; email: boolean }>
}

/** What the notifications area asks other areas (answered in server/composition/areas.ts). */
export type NotificationsPorts = {
  people(db: Db, ids: string[]): Promise<Recipient[]>
  coachesOf(db: Db, teamId: string): Promise<string[]>
  teamName(db: Db, teamId: string): Promise<string | null>
  /** a sale as an alert names it */
  saleLabel(db: Db, saleId: string): Promise<{ provider: string; customer: string; seller: string } | null>
  /** the active users a message may reach: the audience, only people the sender may see */
  reachable(db: Db, ability: AppAbility, audience: MessageAudience): Promise<string[]>
  /** names of people and roles by id */
  names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>>
  /** the roles a message may go to */
  roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>>
  /** names of teams and offices by id */
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
  /** the teams of an office */
  teamsOfOffice(db: Db, officeId: string): Promise<string[]>
  /** the active members of teams */
  membersOfTeams(db: Db, teamIds: string[]): Promise<Array<{ id: string }>>
  /** every team of the organisation */
  allTeams(db: Db): Promise<string[]>
  /** the team feed: who among these muted it (they are told nothing of it) */
  feedMuted(db: Db, userIds: string[]): Promise<Set<string>>
}

export type Translate = Translator
export const translate = (lang: LanguageCode): Translate => TRANSLATORS[lang]

/** How long a push service keeps an alert for a phone that is offline, and how urgent it is, per type. */
export const PUSH_OPTIONS: Record<NotificationType, { ttl: number; urgency: 'low' | 'normal' | 'high' }> = {
  deviation: { ttl: 3 * 24 * 3600, urgency: 'high' },
  saleStatus: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  sickNotice: { ttl: 24 * 3600, urgency: 'normal' },
  competition: { ttl: 12 * 3600, urgency: 'low' },
  general: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  download: { ttl: 24 * 3600, urgency: 'normal' },
  feedPost: { ttl: 24 * 3600, urgency: 'low' },
  feedMine: { ttl: 12 * 3600, urgency: 'low' },
}

/** What the notifications area's parts share: the platform, the ports, and an alert's address in the app. */
export function notificationsContext(deps: Deps, ports: NotificationsPorts) {
  const { database, events, realtime, push, mail, env } = deps
  const { t } = database
  // An e-mail links into the app at its first origin (APP_ORIGINS); without one, it names the path.
  const appUrl = (link: string | null) => `${env.appOrigins[0] ?? ''}${link ?? '/'}`

  return { database, t, events, realtime, push, mail, env, appUrl, ports }
}
export type NotificationsContext = ReturnType<typeof notificationsContext>
