import { subject } from '@casl/ability'
import { TRANSLATORS } from '../../../shared/i18n'
import type { AppAbility } from '../../../shared/permissions/ability'
import { ROLE_KEYS } from '../../../shared/permissions/role-keys'
import { canGrantRules } from '../../../shared/permissions/grant'
import type { Translate } from '../../../shared/schemas/errors'
import { emailSchema } from '../../../shared/schemas/auth'
import {
  NAME_MAX,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_REQUIRED,
  importHeaderKey,
  type UserImportAnswer,
  type UserImportColumn,
  type UserImportRow,
} from '../../../shared/schemas/users'
import type { Db } from '../../db/client'
import { validationError } from '../../lib/errors'
import { readCsvTable } from '../../lib/csv-table'
import type { usersRepo } from './users.repo'

/** How many rows with errors an answer lists (the counts cover them all), and how many valid rows it shows besides. */
const ERROR_ROWS_SHOWN = 1_000
const VALID_ROWS_SHOWN = 50

const MAX_LENGTH: Partial<Record<UserImportColumn, number>> = { firstName: NAME_MAX, lastName: NAME_MAX, title: 60, employeeId: 40, shortName: 20 }
const PHONE = /^\+?[\d\s-]{6,20}$/
const LANGUAGES = new Set(['sv', 'en', 'fi'])

/** A row that passed every check, as it will be inserted. */
export type ImportedUser = {
  line: number
  email: string
  firstName: string
  lastName: string
  shortName: string | null
  roleId: string
  teamId: string | null
  title: string | null
  employeeId: string | null
  phone: string | null
  language: 'sv' | 'en' | 'fi' | null
}

const HEADER_COLUMN = new Map<string, UserImportColumn>(
  (Object.entries(USER_IMPORT_COLUMNS) as Array<[UserImportColumn, readonly string[]]>).flatMap(([column, headers]) =>
    headers.map((h) => [importHeaderKey(h), column] as const),
  ),
)

/**
 * Reads and checks an import file (decision 034) against what is stored, in `tx`: every row's problems, in the
 * reader's language, named by column. A file the import cannot use at all (unreadable, no rows, too many, a
 * required column missing) is a 400 with the reason on `csv`. Nothing is written here.
 */
export async function checkImport(
  tx: Db,
  repo: ReturnType<typeof usersRepo>,
  actor: { ability: AppAbility },
  csv: string,
  t: Translate,
): Promise<{ answer: Omit<UserImportAnswer, 'confirmed' | 'created'>; valid: ImportedUser[] }> {
  const refuse = (message: string) => validationError({ csv: [message] })
  const table = readCsvTable(csv)
  if (!table) throw refuse(t('userAdmin.import.errors.unreadable'))
  const [header, ...body] = table
  const rows = body.filter((cells) => cells.some((c) => c.trim() !== ''))
  if (!header || rows.length === 0) throw refuse(t('userAdmin.import.errors.empty'))
  if (rows.length > USER_IMPORT_MAX_ROWS) throw refuse(t('userAdmin.import.errors.tooManyRows', { max: USER_IMPORT_MAX_ROWS, count: rows.length }))

  const columnAt = new Map<UserImportColumn, number>()
  const ignoredColumns: string[] = []
  header.forEach((h, i) => {
    const column = HEADER_COLUMN.get(importHeaderKey(h))
    if (column && !columnAt.has(column)) columnAt.set(column, i)
    else if (h.trim() !== '') ignoredColumns.push(h.trim())
  })
  const missing = USER_IMPORT_REQUIRED.filter((c) => !columnAt.has(c))
  if (missing.length > 0) {
    throw refuse(t('userAdmin.import.errors.missingColumns', { columns: missing.map((c) => t(`userAdmin.import.columns.${c}`)).join(', ') }))
  }
  const cell = (cells: string[], column: UserImportColumn) => {
    const i = columnAt.get(column)
    return i === undefined ? '' : (cells[i] ?? '').trim()
  }

  // What the rows name, read once: roles (by key or name), teams (by name, or "office / team"), taken e-mails.
  const [roles, roleRules, teams] = await Promise.all([repo.checks.roleChoices(tx), repo.checks.roleRules(tx), repo.checks.teamChoices(tx)])
  // A default role by its key, its stored name or its name in any of the app's languages ("Säljare", "Myyjä").
  const isDefault = (key: string) => (ROLE_KEYS as readonly string[]).includes(key)
  const roleByName = new Map<string, (typeof roles)[number]>()
  for (const r of roles) {
    const names = [r.key, r.name, ...(isDefault(r.key) ? Object.values(TRANSLATORS).map((tr) => tr(`roleNames.${r.key}`)) : [])]
    for (const name of names) if (!roleByName.has(name.toLowerCase())) roleByName.set(name.toLowerCase(), r)
  }
  const shownName = (r: (typeof roles)[number]) => (isDefault(r.key) ? t(`roleNames.${r.key}`) : r.name)
  const grantable = new Set(roles.filter((r) => canGrantRules(actor.ability, roleRules.get(r.id) ?? [])).map((r) => r.id))
  const teamsByName = new Map<string, Array<(typeof teams)[number]>>()
  for (const team of teams) {
    for (const name of [team.name, `${team.officeName}/${team.name}`]) {
      const key = teamKey(name)
      teamsByName.set(key, [...(teamsByName.get(key) ?? []), team])
    }
  }
  const emails = rows.map((cells) => emailSchema.safeParse(cell(cells, 'email'))).map((p) => (p.success ? p.data : null))
  const taken = await repo.checks.existingEmails(
    tx,
    emails.filter((e): e is string => e !== null),
  )

  const firstLineOf = new Map<string, number>()
  const checked: UserImportRow[] = []
  const valid: ImportedUser[] = []
  rows.forEach((cells, index) => {
    const line = index + 2
    const errors: string[] = []
    const label = (column: UserImportColumn) => t(`userAdmin.import.columns.${column}`)
    const email = emails[index]
    const rawEmail = cell(cells, 'email')
    if (!email) errors.push(t(rawEmail ? 'userAdmin.import.errors.email' : 'userAdmin.import.errors.required', { column: label('email') }))
    else if (taken.has(email)) errors.push(t('userAdmin.import.errors.emailTaken', { email }))
    else if (firstLineOf.has(email)) errors.push(t('userAdmin.import.errors.emailTwice', { line: firstLineOf.get(email) }))
    else firstLineOf.set(email, line)

    for (const column of ['firstName', 'lastName'] as const)
      if (!cell(cells, column)) errors.push(t('userAdmin.import.errors.required', { column: label(column) }))
    for (const [column, max] of Object.entries(MAX_LENGTH) as Array<[UserImportColumn, number]>) {
      if (cell(cells, column).length > max) errors.push(t('userAdmin.import.errors.tooLong', { column: label(column), max }))
    }

    const roleText = cell(cells, 'role')
    const role = roleByName.get(roleText.toLowerCase())
    if (!roleText) errors.push(t('userAdmin.import.errors.required', { column: label('role') }))
    else if (!role) errors.push(t('userAdmin.import.errors.role', { role: roleText }))
    else if (!grantable.has(role.id)) errors.push(t('userAdmin.import.errors.roleNotGrantable', { role: shownName(role) }))

    const teamText = cell(cells, 'team')
    const candidates = teamText ? (teamsByName.get(teamKey(teamText)) ?? []) : []
    const team = candidates.length === 1 ? candidates[0]! : null
    if (teamText && candidates.length === 0) errors.push(t('userAdmin.import.errors.team', { team: teamText }))
    else if (candidates.length > 1)
      errors.push(t('userAdmin.import.errors.teamAmbiguous', { team: teamText, example: `${candidates[0]!.officeName} / ${candidates[0]!.name}` }))
    // Creating a user in a team takes create users there (a scoped role creates users in its own teams only).
    if (!actor.ability.can('create', subject('users', { id: '', teamId: team?.id ?? null, officeId: team?.officeId ?? null }))) {
      errors.push(team ? t('userAdmin.import.errors.teamNotAllowed', { team: team.name }) : t('userAdmin.import.errors.teamRequired'))
    }

    const phone = cell(cells, 'phone')
    if (phone && !PHONE.test(phone)) errors.push(t('userAdmin.import.errors.phone', { phone }))
    const language = cell(cells, 'language').toLowerCase()
    if (language && !LANGUAGES.has(language)) errors.push(t('userAdmin.import.errors.language', { language }))

    const firstName = cell(cells, 'firstName')
    const lastName = cell(cells, 'lastName')
    checked.push({
      line,
      email: email ?? rawEmail,
      name: `${firstName} ${lastName}`.trim(),
      roleName: role ? shownName(role) : null,
      teamName: team?.name ?? null,
      errors,
    })
    if (errors.length === 0) {
      valid.push({
        line,
        email: email!,
        firstName,
        lastName,
        shortName: cell(cells, 'shortName') || null,
        roleId: role!.id,
        teamId: team?.id ?? null,
        title: cell(cells, 'title') || null,
        employeeId: cell(cells, 'employeeId') || null,
        phone: phone || null,
        language: (language || null) as ImportedUser['language'],
      })
    }
  })

  const withErrors = checked.filter((r) => r.errors.length > 0)
  return {
    answer: {
      total: rows.length,
      valid: valid.length,
      ignoredColumns,
      rows: [...withErrors.slice(0, ERROR_ROWS_SHOWN), ...checked.filter((r) => r.errors.length === 0).slice(0, VALID_ROWS_SHOWN)],
    },
    valid,
  }
}

/** A team name as the import compares it: case and the spaces around an office's slash ignored. */
function teamKey(name: string) {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s*\/\s*/g, '/')
}
