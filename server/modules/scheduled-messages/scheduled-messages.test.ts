import { and, eq, ne } from 'drizzle-orm'
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeSmtp } from '../../test/fake-smtp'
import { createTestApp, type TestApp } from '../../test/harness'
import { RUN_JOB } from './scheduled-messages.context'

/** The fake mail server; its messages one row a recipient. */
const smtp = await fakeSmtp()
const smtpUrl = smtp.url
afterAll(() => smtp.close())

/** A fault in the second batch's transaction, once: the process "dies" with one batch handed over. */
let failSecondBatch = false
const t = await createTestApp(
  { SMTP_URL: smtpUrl, MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>' },
  {
    messageHooks: {
      batchSize: 2,
      beforeCommit: (_runId, batch) => {
        if (failSecondBatch && batch === 2) {
          failSecondBatch = false
          throw new Error('the process died mid-send')
        }
      },
    },
  },
)
const { db, t: s } = t.database

let admin = ''
let backoffice = ''
let backofficeId = ''
let sellerRoleId = ''
let officeId = ''

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  const bo = await t.login('backoffice@demo.test')
  backoffice = bo.cookie
  backofficeId = bo.answer.userData.id
  const roles = await t.request('GET', '/api/roles', { cookie: admin })
  sellerRoleId = (roles.json.items as Array<{ id: string; key: string }>).find((r) => r.key === 'seller')!.id
  const [office] = await db.select({ id: s.offices.id }).from(s.offices).limit(1)
  officeId = office!.id
})

let counter = 0
/** A team of its own with `n` sellers (their e-mails answered). */
async function teamWith(n: number): Promise<{ teamId: string; emails: string[]; ids: string[] }> {
  const tag = `${Date.now().toString(36)}${++counter}`
  const team = await t.request('POST', '/api/teams', { cookie: admin, body: { name: `Team Utskick ${tag}`, officeId, coachIds: [] } })
  expect(team.status, team.text).toBe(201)
  const teamId = (team.json as { id: string }).id
  const emails: string[] = []
  const ids: string[] = []
  for (let i = 0; i < n; i++) ids.push(await addSeller(teamId, `utskick.${tag}.${i}@demo.test`, emails))
  return { teamId, emails, ids }
}
async function addSeller(teamId: string, email: string, emails: string[] = [], language = 'sv'): Promise<string> {
  const r = await t.request('POST', '/api/users', {
    cookie: admin,
    body: { email, firstName: `Sara${emails.length}`, lastName: 'Utskick', password: 'ett-langt-losenord', roleId: sellerRoleId, teamId, language },
  })
  expect(r.status, r.text).toBe(201)
  emails.push(email)
  return (r.json as { id: string }).id
}

const weekly = (teamId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Veckobrev',
  channel: 'both',
  templates: {
    sv: { subject: 'Hej {{firstName}}!', body: 'Veckans ordervärde i {{team}}: {{weekOrderValue}}.' },
    en: { subject: 'Hi {{firstName}}!', body: "This week's order value in {{team}}: {{weekOrderValue}}." },
  },
  senderName: 'Bea Backoffice',
  senderEmail: 'bea@demo.test',
  senderPhone: '070-123 45 67',
  schedule: { recurrence: { kind: 'weekly', days: [1], time: '08:00' }, endDate: null, quietHours: null, missed: 'send' },
  recipients: { everyone: false, userIds: [], teamIds: [teamId], officeIds: [], roleIds: [], rule: null },
  active: true,
  ...extra,
})

async function create(app: TestApp, body: unknown): Promise<string> {
  const r = await app.request('POST', '/api/scheduled-messages', { cookie: backoffice, body })
  expect(r.status, r.text).toBe(201)
  return (r.json as { id: string }).id
}

/** The message's planned occurrence, run now (as if its time had come). */
async function runNext(id: string): Promise<number> {
  const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
  const occurrence = m!.nextSendAt!
  await db
    .update(s.jobs)
    .set({ runAt: Date.now() })
    .where(eq(s.jobs.uniqueKey, `scheduledMessage:${id}:${occurrence}`))
  await t.jobs.settled(30_000, 5_000)
  await t.events.settled()
  return occurrence
}
const mailsTo = (email: string) => smtp.byRecipient().filter((r) => r.to === email)

describe('scheduled messages: writing one', () => {
  it('a weekly message to a team is stored with its next five sends, Mondays 08:00 Stockholm time', async () => {
    const { teamId } = await teamWith(1)
    const id = await create(t, weekly(teamId))
    const r = await t.request('GET', `/api/scheduled-messages/${id}`, { cookie: backoffice })
    expect(r.status).toBe(200)
    const d = r.json as { nextSends: number[]; nextSendAt: number; timezone: string; recipientNames: Record<string, string>; activity: unknown[] }
    expect(d.timezone).toBe('Europe/Stockholm')
    expect(d.nextSends).toHaveLength(5)
    expect(d.nextSendAt).toBe(d.nextSends[0])
    for (const at of d.nextSends) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Stockholm',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at)
      expect(local).toBe('Mon 08:00')
    }
    expect(Object.values(d.recipientNames)).toEqual([expect.stringMatching(/^Team Utskick/)])
    expect(d.activity).toHaveLength(1)
    const list = await t.request('GET', '/api/scheduled-messages?q=veckobrev&itemsPerPage=100', { cookie: backoffice })
    expect((list.json.items as Array<{ id: string }>).some((x) => x.id === id)).toBe(true)
  })

  it.each<[string, (teamId: string) => unknown, string, RegExp]>([
    [
      'a field that does not exist',
      (id) => weekly(id, { templates: { sv: { subject: 'Hej {{frstName}}', body: 'x' } } }),
      'templates.sv.subject',
      /^\{\{frstName\}\} finns inte som fält\. Välj fälten ur listan\.$/,
    ],
    ['no template at all', (id) => weekly(id, { templates: {} }), 'templates.sv', /minst ett språk/],
    ['a time that is not one', (id) => weekly(id, { schedule: { recurrence: { kind: 'daily', time: '25:00' } } }), 'schedule.recurrence.time', /.+/],
    [
      'no recipients',
      () => weekly('x', { recipients: { everyone: false, userIds: [], teamIds: [], officeIds: [], roleIds: [], rule: null } }),
      'recipients.everyone',
      /minst en mottagare/,
    ],
    [
      'candidates in the app',
      (id) => weekly(id, { channel: 'notification', recipients: { rule: 'candidatesUnsignedContract' } }),
      'channel',
      /bara med e-post/,
    ],
    ['a team that does not exist', () => weekly('00000000-0000-4000-8000-000000000000'), 'recipients.teamIds', /finns inte/],
    // Issue 69: a header's worth of text in the sender's name, which the mail's From carries.
    ['a sender name with a line break', (id) => weekly(id, { senderName: 'Bea Backoffice\r\nBcc: alla@example.se' }), 'senderName', /radbrytningar/],
    // Issue 68 Q8: the first answered 500, the second was stored and never sent.
    [
      'a one-off in a month that does not exist',
      (id) => weekly(id, { schedule: { recurrence: { kind: 'once', at: '2026-13-01T09:00' } } }),
      'schedule.recurrence.at',
      /dag som finns/,
    ],
    [
      'a one-off on a day that does not exist',
      (id) => weekly(id, { schedule: { recurrence: { kind: 'once', at: '2027-02-30T09:00' } } }),
      'schedule.recurrence.at',
      /dag som finns/,
    ],
  ])('refused with a translated message and nothing stored: %s', async (_name, body, field, message) => {
    const { teamId } = await teamWith(0)
    const before = (await db.select({ id: s.scheduledMessages.id }).from(s.scheduledMessages)).length
    const r = await t.request('POST', '/api/scheduled-messages', { cookie: backoffice, body: body(teamId) })
    expect(r.status, r.text).toBe(400)
    expect((r.json.fieldErrors as Record<string, string[]>)[field]?.[0]).toMatch(message)
    expect((await db.select({ id: s.scheduledMessages.id }).from(s.scheduledMessages)).length).toBe(before)
  })

  it('a writer who reaches one office cannot reach another by naming its office, a team or a role (issue 68 Q7)', async () => {
    const tag = Date.now().toString(36)
    const permissions = [
      { action: 'view', subject: 'scheduled_messages' },
      { action: 'create', subject: 'scheduled_messages' },
      { action: 'view', subject: 'users', scope: 'office' },
    ]
    const role = await t.request('POST', '/api/roles', { cookie: admin, body: { name: `Kontorsskribent ${tag}`, permissions } })
    expect(role.status, role.text).toBe(201)
    const email = `skribent.${tag}@demo.test`
    const mine = await teamWith(1)
    const made = await t.request('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Skri', lastName: 'Bent', password: 'ett-langt-losenord', roleId: (role.json as { id: string }).id, teamId: mine.teamId },
    })
    expect(made.status, made.text).toBe(201)
    const writer = (await t.login(email, 'ett-langt-losenord')).cookie
    const [other] = await db.select({ id: s.offices.id }).from(s.offices).where(ne(s.offices.id, officeId)).limit(1)
    const theirs = await t.request('POST', '/api/teams', { cookie: admin, body: { name: `Team Annat ${tag}`, officeId: other!.id, coachIds: [] } })
    const theirTeam = (theirs.json as { id: string }).id
    await addSeller(theirTeam, `annat.${tag}@demo.test`)
    const before = (await db.select({ id: s.scheduledMessages.id }).from(s.scheduledMessages)).length
    for (const [field, recipients] of [
      ['recipients.officeIds', { officeIds: [other!.id] }],
      ['recipients.teamIds', { teamIds: [theirTeam] }],
      ['recipients.roleIds', { roleIds: [sellerRoleId] }],
    ] as const) {
      const body = weekly(mine.teamId, { recipients: { everyone: false, userIds: [], teamIds: [], officeIds: [], roleIds: [], rule: null, ...recipients } })
      const r = await t.request('POST', '/api/scheduled-messages', { cookie: writer, body })
      expect(r.status, r.text).toBe(400)
      expect((r.json.fieldErrors as Record<string, string[]>)[field]).toEqual(['Några av dem som valet når ligger utanför de personer du får nå'])
    }
    expect((await db.select({ id: s.scheduledMessages.id }).from(s.scheduledMessages)).length).toBe(before)
    // Their own office and a team in it are theirs to name.
    for (const recipients of [{ officeIds: [officeId] }, { teamIds: [mine.teamId] }]) {
      const body = weekly(mine.teamId, { recipients: { everyone: false, userIds: [], teamIds: [], officeIds: [], roleIds: [], rule: null, ...recipients } })
      const r = await t.request('POST', '/api/scheduled-messages', { cookie: writer, body })
      expect(r.status, r.text).toBe(201)
    }
  })

  it('a seller may not read or write scheduled messages', async () => {
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', '/api/scheduled-messages', { cookie: seller })).status).toBe(403)
    expect((await t.request('POST', '/api/scheduled-messages', { cookie: seller, body: weekly('x') })).status).toBe(403)
  })

  it('an edit by someone holding an older version is refused as a conflict', async () => {
    const { teamId } = await teamWith(0)
    const id = await create(t, weekly(teamId))
    const ok = await t.request('PUT', `/api/scheduled-messages/${id}`, { cookie: backoffice, body: { version: 1, message: weekly(teamId, { name: 'Ny' }) } })
    expect(ok.status, ok.text).toBe(200)
    const stale = await t.request('PUT', `/api/scheduled-messages/${id}`, {
      cookie: backoffice,
      body: { version: 1, message: weekly(teamId, { name: 'Gammal' }) },
    })
    expect(stale.status).toBe(409)
    expect(((await t.request('GET', `/api/scheduled-messages/${id}`, { cookie: backoffice })).json as { name: string }).name).toBe('Ny')
  })
})

describe('scheduled messages: sending', () => {
  it('a test goes to the one asking only, by e-mail and in the bell, in their language with their values', async () => {
    const { teamId } = await teamWith(2)
    const id = await create(t, weekly(teamId))
    const before = smtp.byRecipient().length
    const r = await t.request('POST', `/api/scheduled-messages/${id}/test`, { cookie: backoffice })
    expect(r.status, r.text).toBe(200)
    await t.jobs.settled()
    await t.events.settled()
    const mine = smtp.byRecipient().slice(before)
    expect(mine.map((m) => m.to)).toEqual(['backoffice@demo.test'])
    expect(mine[0]!.raw).toMatch(/Reply-To: bea@demo.test/)
    expect(mine[0]!.raw).toMatch(/From: Bea Backoffice <no-reply@saljkraft.test>/)
    const bell = await db.select().from(s.notifications).where(eq(s.notifications.userId, backofficeId))
    expect(bell.some((n) => /^Hej \S+!$/.test(n.title) && n.message.includes('Bea Backoffice'))).toBe(true)
    const d = (await t.request('GET', `/api/scheduled-messages/${id}`, { cookie: backoffice })).json as {
      runs: Array<{ test: boolean; recipients: number; delivered: number }>
    }
    expect(d.runs).toEqual([expect.objectContaining({ test: true, recipients: 1, delivered: 1 })])
  })

  it('an occurrence reaches each member once, in their language, with recipients decided when it runs; the next is planned', async () => {
    const { teamId, emails } = await teamWith(2)
    const id = await create(t, weekly(teamId))
    // Joins after the message was written, before it runs: included.
    const late = `utskick.late.${Date.now()}@demo.test`
    await addSeller(teamId, late, emails, 'en')
    const occurrence = await runNext(id)
    for (const e of emails) expect(mailsTo(e)).toHaveLength(1)
    expect(mailsTo(late)[0]!.subject).toMatch(/^Hi Sara\d!$/)
    expect(mailsTo(emails[0]!)[0]!.subject).toMatch(/^Hej Sara\d!$/)
    expect(mailsTo(emails[0]!)[0]!.raw).toMatch(/Veckans orderv=C3=A4rde i Team Utskick|Veckans ordervärde i Team Utskick/)
    const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
    expect(m!.nextSendAt).toBe(occurrence + 7 * 86_400_000)
    const d = (await t.request('GET', `/api/scheduled-messages/${id}`, { cookie: backoffice })).json as {
      runs: Array<{ occurrenceAt: number; state: string; recipients: number; delivered: number; failed: number }>
    }
    expect(d.runs).toEqual([expect.objectContaining({ occurrenceAt: occurrence, state: 'done', recipients: 3, delivered: 3, failed: 0 })])
    // The same occurrence's job run again (a retry) sends nothing more.
    await t.jobs.enqueue(db, RUN_JOB, { messageId: id, occurrenceAt: occurrence })
    await t.jobs.settled()
    for (const e of emails) expect(mailsTo(e)).toHaveLength(1)
  })

  it('a fault inside a batch rolls it back: the retry sends what it held, and nobody gets it twice', async () => {
    const { teamId, emails } = await teamWith(5)
    const id = await create(t, weekly(teamId, { channel: 'email' }))
    failSecondBatch = true
    await runNext(id)
    await t.jobs.settled(30_000, 10_000)
    for (const e of emails) expect(mailsTo(e), e).toHaveLength(1)
    const [run] = await db
      .select()
      .from(s.scheduledMessageRuns)
      .where(and(eq(s.scheduledMessageRuns.messageId, id), eq(s.scheduledMessageRuns.test, false)))
    expect(run).toMatchObject({ state: 'done', recipients: 5 })
  })

  // Several instances are the PostgreSQL mode; the embedded database has one server.
  it.skipIf(!t.env.databaseUrl)('two instances running the same occurrence at once send it once to each recipient', async () => {
    // A second server on the same database, with its own job runner.
    const other = await createTestApp(
      { SMTP_URL: smtpUrl, MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>', DATABASE_URL: t.env.databaseUrl! },
      { deps: { instanceId: 'second-instance' }, messageHooks: { batchSize: 2 } },
    )
    const { teamId, emails } = await teamWith(6)
    const id = await create(t, weekly(teamId))
    const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
    // The occurrence's job twice (as a duplicate would be), due now: each instance may take one.
    await db
      .update(s.jobs)
      .set({ runAt: Date.now() })
      .where(eq(s.jobs.uniqueKey, `scheduledMessage:${id}:${m!.nextSendAt}`))
    await other.jobs.enqueue(other.database.db, RUN_JOB, { messageId: id, occurrenceAt: m!.nextSendAt! })
    await Promise.all([t.jobs.settled(30_000, 5_000), other.jobs.settled(30_000, 5_000)])
    await Promise.all([t.jobs.settled(30_000, 5_000), other.jobs.settled(30_000, 5_000)])
    for (const e of emails) expect(mailsTo(e), e).toHaveLength(1)
    const runs = await db
      .select()
      .from(s.scheduledMessageRuns)
      .where(and(eq(s.scheduledMessageRuns.messageId, id), eq(s.scheduledMessageRuns.test, false)))
    expect(runs).toHaveLength(1)
  })

  it('a process killed mid-send: the next one sends what it held, and nobody gets it twice', async () => {
    const { teamId, emails } = await teamWith(5)
    const id = await create(t, weekly(teamId, { channel: 'email' }))
    const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
    // This instance stands aside while another server process takes the occurrence.
    await t.jobs.stop()
    try {
      await db
        .update(s.jobs)
        .set({ runAt: Date.now() })
        .where(eq(s.jobs.uniqueKey, `scheduledMessage:${id}:${m!.nextSendAt}`))
      // node itself (not npx), so SIGKILL reaches the process that holds the job.
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/message-worker.ts'], {
        // eslint-disable-next-line no-restricted-properties -- the child needs PATH and the test's database
        env: { ...process.env, DATA_DIR: t.env.dataDir, DATABASE_URL: t.env.databaseUrl ?? '', SMTP_URL: smtpUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('mid-send') && resolve())
        child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)))
      })
      child.removeAllListeners('exit')
      const exited = new Promise((r) => child.on('exit', r))
      child.kill('SIGKILL')
      await exited
      const [run] = await db
        .select()
        .from(s.scheduledMessageRuns)
        .where(and(eq(s.scheduledMessageRuns.messageId, id), eq(s.scheduledMessageRuns.test, false)))
      expect(run).toMatchObject({ state: 'sending', recipients: 5 })
    } finally {
      t.jobs.start()
    }
    await expect
      .poll(async () => (await db.select().from(s.scheduledMessageRuns).where(eq(s.scheduledMessageRuns.messageId, id)))[0]?.state, { timeout: 15_000 })
      .toBe('done')
    await t.jobs.settled(30_000, 5_000)
    for (const e of emails) expect(mailsTo(e), e).toHaveLength(1)
  }, 150_000)

  it('a paused message is not sent; resumed, it counts from now', async () => {
    const { teamId, emails } = await teamWith(1)
    const id = await create(t, weekly(teamId))
    const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
    const paused = await t.request('PUT', `/api/scheduled-messages/${id}/active`, { cookie: backoffice, body: { version: 1, active: false } })
    expect(paused.status, paused.text).toBe(200)
    expect((paused.json as { nextSendAt: number | null }).nextSendAt).toBeNull()
    await db
      .update(s.jobs)
      .set({ runAt: Date.now() })
      .where(eq(s.jobs.uniqueKey, `scheduledMessage:${id}:${m!.nextSendAt}`))
    await t.jobs.settled()
    expect(mailsTo(emails[0]!)).toHaveLength(0)
    const resumed = await t.request('PUT', `/api/scheduled-messages/${id}/active`, { cookie: backoffice, body: { version: 2, active: true } })
    expect((resumed.json as { nextSendAt: number }).nextSendAt).toBeGreaterThan(Date.now())
  })

  it('missed while the server was down: "skip" skips it and plans the next; "send" sends it once', async () => {
    for (const missed of ['skip', 'send'] as const) {
      const { teamId, emails } = await teamWith(1)
      const id = await create(t, weekly(teamId, { channel: 'email', schedule: { recurrence: { kind: 'daily', time: '08:00' }, missed } }))
      // Its occurrence fell due three days ago while every server was down.
      const [m] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
      const past = m!.nextSendAt! - 3 * 86_400_000
      await db.update(s.scheduledMessages).set({ nextSendAt: past }).where(eq(s.scheduledMessages.id, id))
      await db
        .update(s.jobs)
        .set({ runAt: past, payload: { messageId: id, occurrenceAt: past }, uniqueKey: `scheduledMessage:${id}:${past}` })
        .where(eq(s.jobs.uniqueKey, `scheduledMessage:${id}:${m!.nextSendAt}`))
      await t.jobs.settled()
      expect(mailsTo(emails[0]!), missed).toHaveLength(missed === 'skip' ? 0 : 1)
      const [run] = await db.select().from(s.scheduledMessageRuns).where(eq(s.scheduledMessageRuns.messageId, id))
      expect(run!.state).toBe(missed === 'skip' ? 'skipped' : 'done')
      const [after] = await db.select().from(s.scheduledMessages).where(eq(s.scheduledMessages.id, id))
      expect(after!.nextSendAt).toBeGreaterThan(Date.now())
    }
  })

  it('the rule "sellers who have not checked out today" picks among the chosen at run time', async () => {
    const { teamId, ids, emails } = await teamWith(2)
    const id = await create(t, weekly(teamId, { channel: 'email', recipients: { teamIds: [teamId], rule: 'notCheckedOutToday' } }))
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())
    await db.insert(s.checkouts).values({
      id: crypto.randomUUID(),
      userId: ids[0]!,
      date: today,
      checkedOutAt: Date.now(),
      salesCount: 0,
      orderValueOre: 0,
      workHours: 8,
      comment: null,
      version: 1,
      createdAt: Date.now(),
    })
    await runNext(id)
    expect(mailsTo(emails[0]!)).toHaveLength(0)
    expect(mailsTo(emails[1]!)).toHaveLength(1)
  })
})
