import type { LanguageCode } from '../../../shared/i18n'
import { settingsOf, type NotificationSettings } from '../../../shared/schemas/notifications'
import type { Database } from '../../db/client'
import { userOfficeId } from '../../db/expressions'

/** A user as other areas may know them to reach them: name, language and how they want to be reached. */
export type Person = { id: string; name: string; email: string; language: LanguageCode; settings: NotificationSettings }

/** What the directory's parts share: the tables, the rules' columns and a person as other areas see them. */
export function usersDirectoryContext({ t }: Database) {
  /** The fields rule conditions on `users` may use (as in users.repo.ts). */
  const conditionColumns = { id: t.users.id, teamId: t.users.teamId, officeId: userOfficeId(t) }
  const person = {
    id: t.users.id,
    first: t.users.firstName,
    last: t.users.lastName,
    email: t.users.email,
    language: t.users.language,
    settings: t.users.notificationSettings,
  }
  const toPerson = (r: {
    id: string
    first: string
    last: string
    email: string
    language: LanguageCode | null
    settings: NotificationSettings | null
  }): Person => ({
    id: r.id,
    name: `${r.first} ${r.last}`,
    email: r.email,
    language: r.language ?? 'sv',
    settings: settingsOf(r.settings),
  })
  return { t, conditionColumns, person, toPerson }
}
export type UsersDirectoryContext = ReturnType<typeof usersDirectoryContext>
