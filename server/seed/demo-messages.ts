import { randomUUID } from 'node:crypto'
import { DEFAULT_TIMEZONE, nextSend } from '../../shared/rules/schedule'
import type { MessageRecipients, MessageSchedule, MessageTemplate } from '../../shared/schemas/scheduled-messages'
import type { Database, Db } from '../db/client'

/**
 * The demo's scheduled messages (decision 071): a weekly letter to a team with its order value, the evening
 * checkout reminder and a first-of-the-month note, so the list and the editor show what they do. All paused: a demo
 * sends nothing by itself (nor into a test run's bells); back office resumes one to try it, and its job is planned then.
 */
export async function seedDemoMessages(
  database: Database,
  tx: Db,
  now: number,
  refs: { authorId: string | null; teamId: string | null; roleId: string | null },
) {
  const { t } = database
  const texts = (sv: MessageTemplate, en: MessageTemplate, fi: MessageTemplate) => ({ sv, en, fi })
  const messages: Array<{
    name: string
    channel: 'email' | 'notification' | 'both'
    templates: ReturnType<typeof texts>
    schedule: MessageSchedule
    recipients: MessageRecipients
    active: boolean
  }> = [
    {
      name: 'Veckobrev till Team Norr',
      channel: 'both',
      templates: texts(
        {
          subject: 'God morgon {{firstName}}!',
          body: 'Ny vecka i {{team}}. Förra veckan sålde du för {{weekOrderValue}} ({{weekSales}} st). Lycka till i veckan!',
        },
        {
          subject: 'Good morning {{firstName}}!',
          body: 'A new week in {{team}}. Last week you sold {{weekOrderValue}} ({{weekSales}} sales). Good luck this week!',
        },
        {
          subject: 'Hyvää huomenta {{firstName}}!',
          body: 'Uusi viikko tiimissä {{team}}. Viime viikolla myit {{weekOrderValue}} ({{weekSales}} kpl). Onnea tälle viikolle!',
        },
      ),
      schedule: { recurrence: { kind: 'weekly', days: [1], time: '07:30' }, endDate: null, quietHours: null, missed: 'send' },
      recipients: { everyone: false, userIds: [], teamIds: refs.teamId ? [refs.teamId] : [], officeIds: [], roleIds: [], rule: null },
      active: false,
    },
    {
      name: 'Påminnelse: dagens utcheckning',
      channel: 'notification',
      templates: texts(
        { subject: 'Glöm inte att checka ut', body: 'Hej {{firstName}}! Du har inte checkat ut i dag. Gör det innan du går hem.' },
        { subject: 'Remember to check out', body: 'Hi {{firstName}}! You have not checked out today. Please do before you leave.' },
        { subject: 'Muista kirjautua ulos', body: 'Hei {{firstName}}! Et ole vielä tehnyt päivän uloskirjausta. Tee se ennen kotiinlähtöä.' },
      ),
      schedule: {
        recurrence: { kind: 'weekly', days: [1, 2, 3, 4, 5], time: '19:00' },
        endDate: null,
        quietHours: { from: '21:00', to: '07:00' },
        missed: 'skip',
      },
      recipients: { everyone: false, userIds: [], teamIds: [], officeIds: [], roleIds: refs.roleId ? [refs.roleId] : [], rule: 'notCheckedOutToday' },
      active: false,
    },
    {
      name: 'Månadsstart: mål och tävlingar',
      channel: 'email',
      templates: texts(
        { subject: 'Ny månad, nya mål', body: 'Hej {{firstName}}! Månadens mål och tävlingar finns i appen. Frågor? Ring {{senderName}} på {{senderPhone}}.' },
        {
          subject: 'A new month, new goals',
          body: "Hi {{firstName}}! This month's goals and competitions are in the app. Questions? Call {{senderName}} on {{senderPhone}}.",
        },
        {
          subject: 'Uusi kuukausi, uudet tavoitteet',
          body: 'Hei {{firstName}}! Kuukauden tavoitteet ja kilpailut ovat sovelluksessa. Kysyttävää? Soita: {{senderName}}, {{senderPhone}}.',
        },
      ),
      schedule: { recurrence: { kind: 'monthlyWeekday', nth: 1, weekday: 1, time: '08:00' }, endDate: null, quietHours: null, missed: 'send' },
      recipients: { everyone: true, userIds: [], teamIds: [], officeIds: [], roleIds: [], rule: null },
      active: false,
    },
  ]
  for (const m of messages) {
    await tx.insert(t.scheduledMessages).values({
      id: randomUUID(),
      name: m.name,
      channel: m.channel,
      templates: m.templates,
      senderName: 'Bertil Backoffice',
      senderEmail: 'backoffice@demo.test',
      senderPhone: '070-123 45 67',
      schedule: m.schedule,
      timezone: DEFAULT_TIMEZONE,
      recipients: m.recipients,
      active: m.active,
      nextSendAt: m.active ? nextSend(m.schedule, now, DEFAULT_TIMEZONE) : null,
      version: 1,
      createdBy: refs.authorId,
      createdAt: now,
      updatedAt: now,
    })
  }
}
