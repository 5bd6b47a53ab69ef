import type { AddressInfo } from 'node:net'
import { count, eq, gte } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { createDeps } from '../server/platform/deps'
import { actorOf, benchDatabase, reportTargets, SMOKE } from './lib'

/**
 * `npm run bench:messages` — one occurrence of a scheduled message (issue 45, docs/decisions/071) to everyone of the
 * large data set (5,000 people), by e-mail and in the app: the recipients resolved, each rendered in their language
 * with their fields (this week's order value among them), frozen, and handed to the mail transport's outbox and to
 * the bells. Targets: under 60 s, the process under 300 MB. Then, for the record, how long the mail takes to leave
 * through SMTP to a local server, one message per recipient.
 */
const TARGET_MS = 60_000
const TARGET_MB = 300
const { env, database } = await benchDatabase()
const { db, t } = database

let delivered = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      delivered += session.envelope.rcptTo.length
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))

let deps: Awaited<ReturnType<typeof createDeps>> | null = null
let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
try {
  deps = await createDeps({ ...env, smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` }, database, {
    events: { pollMs: 60_000 },
    jobs: { pollMs: 50, concurrency: 8 },
  })
  const { scheduledMessages } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const admin = await actorOf(database, auth, 'admin@demo.test')
  const actor = { ...admin, name: 'Admin', language: 'sv' }
  const text = (subject: string, body: string) => ({ subject, body })
  const { id } = await scheduledMessages.records.create(actor, {
    name: 'bench: everyone',
    channel: 'both',
    templates: {
      sv: text('Hej {{firstName}}!', 'Veckans ordervärde i {{team}} ({{office}}): {{weekOrderValue}}, {{weekSales}} st.'),
      en: text('Hi {{firstName}}!', "This week's order value in {{team}} ({{office}}): {{weekOrderValue}}, {{weekSales}} sales."),
      fi: text('Hei {{firstName}}!', 'Viikon tilausarvo tiimissä {{team}} ({{office}}): {{weekOrderValue}}, {{weekSales}} kpl.'),
    },
    senderName: 'Bench',
    senderEmail: 'bench@example.test',
    senderPhone: null,
    schedule: { recurrence: { kind: 'daily', time: '08:00' }, endDate: null, quietHours: null, missed: 'send' },
    recipients: { everyone: true, userIds: [], teamIds: [], officeIds: [], roleIds: [], rule: null },
    active: true,
  })
  try {
    // The occurrence falls now.
    const occurrence = Date.now()
    await db.update(t.scheduledMessages).set({ nextSendAt: occurrence }).where(eq(t.scheduledMessages.id, id))
    const baseline = process.memoryUsage().rss
    peakRss = baseline
    const started = performance.now()
    const runId = await scheduledMessages.runs.open(id, occurrence)
    const opened = performance.now() - started
    await scheduledMessages.runs.deliver(runId!)
    const handed = performance.now() - started
    const [run] = await db.select().from(t.scheduledMessageRuns).where(eq(t.scheduledMessageRuns.id, runId!))
    const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
    console.log(`bench:messages on ${dialect}: one occurrence to ${run!.recipients} people, by e-mail and in the app`)
    console.log(`  resolved, rendered and frozen: ${(opened / 1000).toFixed(1)} s`)
    console.log(`  handed to the outbox and the bells: ${(handed / 1000).toFixed(1)} s (target ${TARGET_MS / 1000} s)`)
    const occurrencePeak = peakRss
    // The notifications area makes each recipient's notification from the batches' events (and sends it live).
    deps.events.start()
    const bellsStarted = performance.now()
    await deps.events.settled(SMOKE ? 60_000 : 600_000)
    const [bells] = await db.select({ n: count() }).from(t.notifications).where(gte(t.notifications.createdAt, occurrence))
    const inBells = performance.now() - bellsStarted
    console.log(`  in the bells (the notifications area's reactions): ${bells!.n} notifications in ${(inBells / 1000).toFixed(1)} s more`)
    await deps.events.stop()
    const sendPeak = Math.max(occurrencePeak, peakRss)
    console.log(
      `  peak memory (RSS) of the process: ${Math.round(sendPeak / 1e6)} MB (target ${TARGET_MB} MB; ${Math.round(baseline / 1e6)} MB before the occurrence)`,
    )
    peakRss = 0
    // For the record: the outbox's jobs send each message through SMTP.
    deps.jobs.start()
    const smtpStarted = performance.now()
    await deps.jobs.settled(SMOKE ? 60_000 : 600_000)
    console.log(
      `  sent through SMTP: ${delivered} messages in ${((performance.now() - smtpStarted) / 1000).toFixed(1)} s (8 senders, peak ${Math.round(peakRss / 1e6)} MB)`,
    )
    await deps.jobs.stop()
    const notMet: string[] = []
    if (handed > TARGET_MS) notMet.push(`handed over in ${(handed / 1000).toFixed(1)} s > ${TARGET_MS / 1000} s`)
    if (sendPeak / 1e6 > TARGET_MB) notMet.push(`peak memory ${Math.round(sendPeak / 1e6)} MB > ${TARGET_MB} MB`)
    if (delivered < run!.recipients) notMet.push(`${delivered} of ${run!.recipients} mails reached the SMTP server`)
    if (handed + inBells > TARGET_MS) notMet.push(`in the bells after ${((handed + inBells) / 1000).toFixed(1)} s > ${TARGET_MS / 1000} s`)
    reportTargets(notMet, 'All targets met.')
  } finally {
    await scheduledMessages.records.remove(actor, id)
  }
} finally {
  clearInterval(sampler)
  if (deps) await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  await database.close()
}
