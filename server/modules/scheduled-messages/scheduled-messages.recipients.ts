import { formatOre, type FormatLanguage } from '../../../shared/format'
import { localParts } from '../../../shared/rules/schedule'
import { RECIPIENT_RULES, usedFields, type FieldValues, type MessageField, type RecipientRule } from '../../../shared/rules/scheduled-messages'
import type { MessageRecipients, MessageTemplate } from '../../../shared/schemas/scheduled-messages'
import type { Db } from '../../db/client'
import type { ScheduledMessagesContext } from './scheduled-messages.context'

/** A recipient as an occurrence freezes them: whom, how to reach them, and their fields' values. */
export type ResolvedRecipient = {
  /** a user's id, or `candidate:<id>` */
  recipientId: string
  userId: string | null
  name: string
  email: string | null
  language: string
  values: FieldValues
}

type Sender = { senderName: string | null; senderEmail: string | null; senderPhone: string | null }

/** Monday…Sunday of the week a local date is in. */
function weekOf(date: string, weekday: number): { from: string; to: string } {
  const d = new Date(`${date}T12:00:00Z`)
  const day = (offset: number) => new Date(d.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  return { from: day(1 - weekday), to: day(7 - weekday) }
}

/**
 * Who an occurrence goes to, decided when it runs (decision 071): everyone, or the chosen people, teams, offices and
 * roles; narrowed by a rule of people, or the candidates a rule of candidates picks. The rules are answered here,
 * one function each, from what the other areas tell (ports): a new rule is a name in RECIPIENT_RULES and a line in
 * `USER_RULES` or `CANDIDATE_RULES`.
 */
export function messageRecipients(ctx: ScheduledMessagesContext) {
  const { ports, timezone } = ctx

  const USER_RULES: Record<
    Extract<RecipientRule, 'notCheckedOutToday' | 'mustReadUnacknowledged'>,
    (db: Db, ids: string[], at: number) => Promise<string[]>
  > = {
    async notCheckedOutToday(db, ids, at) {
      const sellers = new Set(await ports.sellers(db))
      const mine = ids.filter((id) => sellers.has(id))
      const out = await ports.checkedOutOn(db, mine, localParts(at, timezone).date)
      return mine.filter((id) => !out.has(id))
    },
    mustReadUnacknowledged: (db, ids) => ports.unacknowledgedMustRead(db, ids),
  }
  const CANDIDATE_RULES: Record<
    Extract<RecipientRule, 'candidatesUnsignedContract'>,
    (db: Db) => ReturnType<ScheduledMessagesContext['ports']['candidatesWithUnsignedContract']>
  > = {
    candidatesUnsignedContract: (db) => ports.candidatesWithUnsignedContract(db),
  }

  /** The ids of the people chosen (before a rule narrows them). */
  async function chosenPeople(db: Db, r: MessageRecipients): Promise<string[]> {
    if (r.everyone) return ports.activeIds(db)
    const named = r.userIds.length + r.teamIds.length + r.officeIds.length + r.roleIds.length > 0
    if (!named) return ports.activeIds(db) // a rule alone picks among everyone
    return ports.membersOf(db, r)
  }

  /** Each person's values of the fields the templates use. */
  async function fieldValues(
    db: Db,
    people: Array<{ id: string; firstName: string; lastName: string; team: string | null; office: string | null; language: string }>,
    fields: Set<MessageField>,
    sender: Sender,
    at: number,
  ) {
    const ids = people.map((p) => p.id)
    const week = (() => {
      const local = localParts(at, timezone)
      return weekOf(local.date, local.weekday)
    })()
    const figures = fields.has('weekOrderValue') || fields.has('weekSales') ? await ports.sellerPeriod(db, ids, week.from, week.to) : new Map()
    const unsigned = fields.has('unsignedContracts') ? await ports.unsignedContractsByRecruiter(db, ids) : new Map<string, number>()
    const out = new Map<string, FieldValues>()
    for (const p of people) {
      const f = figures.get(p.id)
      out.set(p.id, {
        firstName: p.firstName,
        lastName: p.lastName,
        fullName: `${p.firstName} ${p.lastName}`.trim(),
        team: p.team ?? '',
        office: p.office ?? '',
        weekOrderValue: formatOre(f?.orderValueOre ?? 0, (['sv', 'en', 'fi'].includes(p.language) ? p.language : 'sv') as FormatLanguage),
        weekSales: String(f?.sales ?? 0),
        unsignedContracts: String(unsigned.get(p.id) ?? 0),
        senderName: sender.senderName ?? '',
        senderEmail: sender.senderEmail ?? '',
        senderPhone: sender.senderPhone ?? '',
      })
    }
    return out
  }

  const fieldsOf = (templates: Partial<Record<string, MessageTemplate | null>>) =>
    new Set(Object.values(templates).flatMap((x) => (x ? [...usedFields(x.subject), ...usedFields(x.body)] : [])))

  /** People as recipients with their values (a test send, a preview, an occurrence's people). */
  async function ofPeople(
    db: Db,
    ids: string[],
    templates: Partial<Record<string, MessageTemplate | null>>,
    sender: Sender,
    at: number,
  ): Promise<ResolvedRecipient[]> {
    const people = await ports.profiles(db, ids)
    const values = await fieldValues(db, people, fieldsOf(templates), sender, at)
    return people.map((p) => ({
      recipientId: p.id,
      userId: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      email: p.email || null,
      language: p.language,
      values: values.get(p.id)!,
    }))
  }

  return {
    ofPeople,

    /** Everyone an occurrence goes to, with the values of their fields, as it runs. */
    async resolve(
      db: Db,
      message: { recipients: MessageRecipients; templates: Partial<Record<string, MessageTemplate | null>> } & Sender,
      at: number,
    ): Promise<ResolvedRecipient[]> {
      const r = message.recipients
      if (r.rule && RECIPIENT_RULES[r.rule].of === 'candidates') {
        const candidates = await CANDIDATE_RULES[r.rule as keyof typeof CANDIDATE_RULES](db)
        return candidates.map((c) => ({
          recipientId: `candidate:${c.id}`,
          userId: null,
          name: `${c.firstName} ${c.lastName}`.trim(),
          email: c.email,
          language: c.language,
          values: {
            firstName: c.firstName,
            lastName: c.lastName,
            fullName: `${c.firstName} ${c.lastName}`.trim(),
            senderName: message.senderName ?? '',
            senderEmail: message.senderEmail ?? '',
            senderPhone: message.senderPhone ?? '',
          },
        }))
      }
      let ids = await chosenPeople(db, r)
      if (r.rule) ids = await USER_RULES[r.rule as keyof typeof USER_RULES](db, ids, at)
      return ofPeople(db, ids, message.templates, message, at)
    },
  }
}
export type MessageRecipientsResolver = ReturnType<typeof messageRecipients>
