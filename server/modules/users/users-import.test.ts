import { count, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UserImportAnswer } from '../../../shared/schemas/users'
import { createTestApp } from '../../test/harness'

/** Importing new users from a CSV file: the dry run, the confirmed import, and who may give what (decision 034). */
const t = await createTestApp()
const { db, t: tables } = t.database

let admin = ''
const PASSWORD = 'forsta-losenordet-1'

const userCount = async () => (await db.select({ n: count() }).from(tables.users))[0]!.n
const logCount = async () => (await db.select({ n: count() }).from(tables.activityLog).where(eq(tables.activityLog.entity, 'user')))[0]!.n
const importCsv = (cookie: string, csv: string, confirm = false, password?: string) =>
  t.request('POST', '/api/users/import', { cookie, body: { csv, confirm, ...(password ? { password } : {}) } })

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
})

// Swedish headers, semicolons (as Excel saves in Sweden), a column the import does not read, and a row per problem.
const MIXED = [
  'E-post;Förnamn;Efternamn;Roll;Team;Titel;Telefon;Språk;Skostorlek',
  'ny.saljare@example.se;Nora;Ny;Säljare;Team Öresund;Säljare;070-123 45 67;sv;41',
  'NY.COACH@example.se;Nils;Coach;coach;Malmö / Team Lund;;;;',
  ';Utan;Adress;seller;Team Väst;;;;',
  'seller@demo.test;Redan;Finns;seller;;;;;',
  'ny.saljare@example.se;Dubbel;Rad;seller;;;;;',
  'fel.roll@example.se;Fel;Roll;Direktör;Team Norr;;;;',
  'fel.team@example.se;Fel;Team;seller;Team Mars;;;;',
  'fel.ovrigt@example.se;;Övrigt;seller;;;abc;de;',
].join('\n')

describe('POST /api/users/import: the dry run', () => {
  it('checks every row against what is stored, names each problem with its row, and writes nothing', async () => {
    const [users, lines] = [await userCount(), await logCount()]
    const r = await importCsv(admin, MIXED)
    expect(r.status, r.text).toBe(200)
    const answer = r.json as unknown as UserImportAnswer
    expect(answer).toMatchObject({ confirmed: false, total: 8, valid: 2, created: 0, ignoredColumns: ['Skostorlek'] })
    const byLine = new Map(answer.rows.map((row) => [row.line, row]))
    expect(byLine.get(2)).toMatchObject({ email: 'ny.saljare@example.se', name: 'Nora Ny', roleName: 'Säljare', teamName: 'Team Öresund', errors: [] })
    expect(byLine.get(3)).toMatchObject({ email: 'ny.coach@example.se', roleName: 'Coach', teamName: 'Team Lund', errors: [] })
    expect(byLine.get(4)!.errors).toEqual(['E-post saknas'])
    expect(byLine.get(5)!.errors).toEqual(['seller@demo.test har redan ett konto'])
    expect(byLine.get(6)!.errors).toEqual(['Samma e-post som rad 2'])
    expect(byLine.get(7)!.errors).toEqual(['Rollen "Direktör" finns inte'])
    expect(byLine.get(8)!.errors).toEqual(['Teamet "Team Mars" finns inte'])
    expect(byLine.get(9)!.errors).toEqual(['Förnamn saknas', 'Telefonnumret "abc" är ogiltigt', 'Språket "de" finns inte (sv, en eller fi)'])
    // Rows with errors come first.
    expect(answer.rows.slice(0, 6).every((row) => row.errors.length > 0)).toBe(true)
    expect([await userCount(), await logCount()]).toEqual([users, lines])
  })

  it('answers in the reader’s language', async () => {
    const r = await t.request('POST', '/api/users/import', { cookie: admin, body: { csv: MIXED, confirm: false }, headers: { 'accept-language': 'en' } })
    const answer = r.json as unknown as UserImportAnswer
    expect(answer.rows.find((row) => row.line === 7)!.errors).toEqual(['There is no role "Direktör"'])
  })

  it('refuses a file it cannot use at all, saying why on the file', async () => {
    const cases: Array<[string, RegExp]> = [
      ['email,firstName\na@example.se,A', /Kolumner saknas på rubrikraden: Efternamn, Roll/],
      ['email,firstName,lastName,role\n', /ingen rad under rubrikraden/],
      ['email,firstName,lastName,role\n"a@example.se,A,B,seller', /kunde inte läsas/],
      [['email,firstName,lastName,role', ...Array.from({ length: 5_001 }, (_, i) => `u${i}@example.se,U,${i},seller`)].join('\n'), /5001 rader; högst 5000/],
    ]
    for (const [csv, message] of cases) {
      const r = await importCsv(admin, csv)
      expect(r.status, csv.slice(0, 40)).toBe(400)
      expect((r.json.fieldErrors as Record<string, string[]>).csv?.[0]).toMatch(message)
    }
  })

  it('is for those who create users', async () => {
    for (const email of ['seller@demo.test', 'coach@demo.test', 'backoffice@demo.test']) {
      const { cookie } = await t.login(email)
      expect((await importCsv(cookie, MIXED)).status, email).toBe(403)
    }
  })
})

describe('POST /api/users/import: confirmed', () => {
  it('needs the first password', async () => {
    const r = await importCsv(admin, MIXED, true)
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toHaveProperty('password')
  })

  it('creates the valid rows with their role and team, logs each, leaves the rest out; they sign in with the password', async () => {
    const [users, lines] = [await userCount(), await logCount()]
    const r = await importCsv(admin, MIXED, true, PASSWORD)
    expect(r.status, r.text).toBe(200)
    expect(r.json).toMatchObject({ confirmed: true, total: 8, valid: 2, created: 2 })
    expect([await userCount(), await logCount()]).toEqual([users + 2, lines + 2])
    const created = await db
      .select({
        id: tables.users.id,
        email: tables.users.email,
        title: tables.users.title,
        phone: tables.users.phone,
        language: tables.users.language,
        teamId: tables.users.teamId,
      })
      .from(tables.users)
      .where(inArray(tables.users.email, ['ny.saljare@example.se', 'ny.coach@example.se', 'fel.roll@example.se']))
    expect(created.map((u) => u.email).sort()).toEqual(['ny.coach@example.se', 'ny.saljare@example.se'])
    expect(created.find((u) => u.email === 'ny.saljare@example.se')).toMatchObject({ title: 'Säljare', phone: '070-123 45 67', language: 'sv' })
    const [log] = await db.select().from(tables.activityLog).where(eq(tables.activityLog.entityId, created[0]!.id))
    expect(log).toMatchObject({ action: 'created', actorId: expect.any(String) })
    // One password for everyone in the file: each of them chooses their own before anything else (decision 082).
    const session = await t.login('ny.saljare@example.se', PASSWORD)
    expect((await t.request('GET', '/api/auth/me', { cookie: session.cookie })).json).toMatchObject({
      userData: { email: 'ny.saljare@example.se', role: 'seller', passwordChangeRequired: true },
    })
    expect((await t.request('GET', '/api/sales', { cookie: session.cookie })).json).toMatchObject({ error: 'password_change_required' })

    // The same file again: the rows are taken now; nothing is created twice.
    const again = await importCsv(admin, MIXED, true, PASSWORD)
    expect(again.json).toMatchObject({ valid: 0, created: 0 })
    expect(await userCount()).toBe(users + 2)
  })
})

describe('a scoped creator', () => {
  it('creates users only in their office, and gives only roles they hold whole', async () => {
    const makeRole = async (name: string, permissions: Array<{ action: string; subject: string; scope?: string }>) => {
      const r = await t.request('POST', '/api/roles', { cookie: admin, body: { name, permissions } })
      expect(r.status, r.text).toBe(201)
      return (r.json as { id: string }).id
    }
    // What an office's recruiter may give: a role of rules they hold with no condition (decision 016).
    await makeRole('Provanställd', [{ action: 'view', subject: 'stats' }])
    const recruiter = await makeRole('Kontorsrekryterare', [
      { action: 'view', subject: 'users', scope: 'office' },
      { action: 'create', subject: 'users', scope: 'office' },
      { action: 'view', subject: 'stats' },
    ])
    const [oresund] = await db.select({ id: tables.teams.id }).from(tables.teams).where(eq(tables.teams.name, 'Team Öresund'))
    const made = await t.request('POST', '/api/users', {
      cookie: admin,
      body: { email: 'kontor.rekryterare@example.se', firstName: 'Kim', lastName: 'Kontor', password: PASSWORD, roleId: recruiter, teamId: oresund!.id },
    })
    expect(made.status, made.text).toBe(201)
    const { cookie } = await t.login('kontor.rekryterare@example.se', PASSWORD)
    const csv = [
      'email,first name,last name,role,team',
      'i.malmo@example.se,I,Malmö,Provanställd,Team Lund',
      'i.stockholm@example.se,I,Stockholm,Provanställd,Team Norr',
      'utan.team@example.se,Utan,Team,Provanställd,',
      'som.admin@example.se,Som,Admin,admin,Team Lund',
      'som.jag@example.se,Som,Jag,Kontorsrekryterare,Team Lund',
    ].join('\n')
    const answer = (await importCsv(cookie, csv)).json as unknown as UserImportAnswer
    const errorsOf = (line: number) => answer.rows.find((row) => row.line === line)!.errors
    expect(errorsOf(2)).toEqual([])
    expect(errorsOf(3)).toEqual(['Du kan inte skapa användare i Team Norr'])
    expect(errorsOf(4)).toEqual(['Ett av dina team måste anges'])
    expect(errorsOf(5)).toEqual(['Du kan inte ge rollen Administratör: den har behörigheter du själv saknar'])
    expect(errorsOf(6)).toEqual(['Du kan inte ge rollen Kontorsrekryterare: den har behörigheter du själv saknar'])
    expect(((await importCsv(cookie, csv, true, PASSWORD)).json as unknown as UserImportAnswer).created).toBe(1)
  })
})
