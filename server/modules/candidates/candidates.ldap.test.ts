import { eq } from 'drizzle-orm'
import { Client, EqualityFilter } from 'ldapts'
import { afterAll, describe, expect, it } from 'vitest'
import type { CandidateDetail } from '../../../shared/schemas/candidates'
import { createTestApp } from '../../test/harness'
import { LDAP_ADMIN, LDAP_PASSWORD, LDAP_PEOPLE, slapdAvailable, startSlapd } from '../../test/slapd'
import { fakeSmtp, signaturePng } from './candidates.fakes'

/**
 * The accounts step against a real OpenLDAP server (issue 44, decision 070): the organisation's own directory gets an
 * inetOrgPerson with a free uid, the candidate's id and the temporary password, once, however often the step runs.
 */
const available = slapdAvailable()
const slapd = available ? await startSlapd() : null
const smtp = await fakeSmtp()
afterAll(async () => {
  await smtp.close()
  await slapd?.stop()
})

describe.skipIf(!available)('the accounts step with an LDAP directory', async () => {
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    LDAP_URL: slapd?.url ?? 'ldap://127.0.0.1:1',
    LDAP_BIND_DN: LDAP_ADMIN,
    LDAP_BIND_PASSWORD: LDAP_PASSWORD,
    LDAP_USERS_DN: LDAP_PEOPLE,
    LDAP_DOMAIN: 'saljkraft.test',
  })
  const cookie = (await t.login('recruiter@demo.test')).cookie
  const api = (method: string, url: string, body?: unknown) => t.request(method, url, { cookie, body })
  const ldap = async () => {
    const c = new Client({ url: slapd!.url })
    await c.bind(LDAP_ADMIN, LDAP_PASSWORD)
    return c
  }

  it('makes the entry with a free uid and the temporary password; the new seller binds to it and signs in to the app', async () => {
    const { db, t: tables } = t.database
    const [me] = await db
      .select({ regionId: tables.offices.regionId })
      .from(tables.users)
      .innerJoin(tables.offices, eq(tables.offices.id, tables.users.officeId))
      .where(eq(tables.users.email, 'recruiter@demo.test'))
    const teams = await db
      .select({ id: tables.teams.id, regionId: tables.offices.regionId })
      .from(tables.teams)
      .innerJoin(tables.offices, eq(tables.offices.id, tables.teams.officeId))
    const team = teams.find((x) => x.regionId === me!.regionId)!.id
    // Someone in the directory has the name already.
    const admin = await ldap()
    await admin.add(`uid=zoe.lundstrom,${LDAP_PEOPLE}`, {
      objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
      uid: 'zoe.lundstrom',
      cn: 'Zoë Lundström',
      sn: 'Lundström',
    })
    const email = `zoe.${Date.now()}@example.test`
    const id = ((await api('POST', '/api/candidates', { firstName: 'Zoë', lastName: 'Lundström', email, regionId: me!.regionId })).json as { id: string }).id
    await api('POST', `/api/candidates/${id}/steps/preonboarding`, {})
    await t.jobs.settled()
    const token = /\/candidate\/([A-Za-z0-9_-]{43})/.exec(smtp.linkTo(email))![1]!
    const details = {
      phone: '0701234567',
      address: 'Gatan 2',
      postalCode: '41101',
      city: 'Göteborg',
      personalNumber: '811218-9876',
      bankClearing: '6789',
      bankAccount: '123456789',
    }
    expect((await t.request('POST', `/api/public/candidates/${token}`, { body: details })).status).toBe(204)
    await api('POST', `/api/candidates/${id}/steps/work_contract`, {})
    await t.jobs.settled()
    const sign = /\/candidate\/([A-Za-z0-9_-]{43})\/sign/.exec(smtp.linkTo(email))![1]!
    const signed = await t.request('POST', `/api/public/candidates/${sign}/sign`, {
      body: { name: 'Zoë Lundström', signature: `data:image/png;base64,${signaturePng().toString('base64')}`, agree: true },
    })
    expect(signed.status, signed.text).toBe(200)
    const started = await api('POST', `/api/candidates/${id}/steps/accounts`, { teamId: team })
    expect(started.status, started.text).toBe(202)
    const password = (started.json as { password: string }).password
    await t.jobs.settled()
    const d = (await api('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(d.steps[3], JSON.stringify(d.steps[3])).toMatchObject({
      status: 'done',
      detail: { directory: 'ldap', directoryEmail: 'zoe.lundstrom2@saljkraft.test' },
    })
    const found = await admin.search(LDAP_PEOPLE, { scope: 'one', filter: new EqualityFilter({ attribute: 'employeeNumber', value: id }) })
    expect(found.searchEntries).toHaveLength(1)
    expect(found.searchEntries[0]).toMatchObject({
      dn: `uid=zoe.lundstrom2,${LDAP_PEOPLE}`,
      mail: 'zoe.lundstrom2@saljkraft.test',
      givenName: 'Zoë',
      sn: 'Lundström',
    })
    // The password was set with RFC 3062's Password Modify operation: slapd keeps its salted hash ({SSHA}, its
    // default password-hash), never the password itself.
    const stored = await admin.search(LDAP_PEOPLE, {
      scope: 'one',
      filter: new EqualityFilter({ attribute: 'uid', value: 'zoe.lundstrom2' }),
      attributes: ['userPassword'],
      explicitBufferAttributes: ['userPassword'],
    })
    const value = Buffer.from(stored.searchEntries[0]!.userPassword as Buffer).toString('utf8')
    expect(value).toMatch(/^\{SSHA\}/)
    expect(value).not.toContain(password)
    await admin.unbind()
    const user = new Client({ url: slapd!.url })
    await user.bind(`uid=zoe.lundstrom2,${LDAP_PEOPLE}`, password)
    await user.unbind()
    expect((await t.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200)
  })
})
