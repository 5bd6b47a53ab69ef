import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()

async function userId(email: string) {
  const [row] = await t.database.db.select({ id: t.database.t.users.id }).from(t.database.t.users).where(eq(t.database.t.users.email, email))
  return row!.id
}

async function grant(email: string, rule: { action: string; subject: string; inverted?: boolean; conditions?: Record<string, unknown> }) {
  await t.database.db.insert(t.database.t.permissionRules).values({
    id: randomUUID(),
    roleId: null,
    userId: await userId(email),
    action: rule.action as never,
    subject: rule.subject as never,
    fields: null,
    conditions: rule.conditions ?? null,
    inverted: rule.inverted ?? false,
    reason: null,
    position: 0,
  })
}

describe('a user’s rules are the union of their role’s and their own', () => {
  it('a direct permission adds to the role: a seller granted "view teams" lists teams', async () => {
    await grant('erik.johansson@demo.test', { action: 'view', subject: 'teams', conditions: { id: { $in: '${user.teamIds}' } } })
    const { cookie, answer } = await t.login('erik.johansson@demo.test')
    expect(answer.userAbilityRules).toContainEqual({ action: 'view', subject: 'teams', conditions: { id: { $in: [expect.any(String)] } } })
    expect(answer.userAbilityRules).toContainEqual({ action: 'create', subject: 'sales' })
    const teams = await t.request('GET', '/api/teams', { cookie })
    expect(teams.status).toBe(200)
    expect((teams.json.items as Array<{ name: string }>).map((x) => x.name)).toEqual(['Team Öresund'])
  })

  it('an inverted direct rule takes away what the role gives', async () => {
    await grant('backoffice@demo.test', { action: 'view', subject: 'users', inverted: true })
    const { cookie, answer } = await t.login('backoffice@demo.test')
    expect(answer.userAbilityRules.at(-1)).toEqual({ action: 'view', subject: 'users', inverted: true })
    expect((await t.request('GET', '/api/users', { cookie })).status).toBe(403)
    expect((await t.request('GET', '/api/teams', { cookie })).status).toBe(200)
  })
})
