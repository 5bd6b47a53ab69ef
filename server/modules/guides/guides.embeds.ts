import { embedSettingsOf } from '../../../shared/rules/guides'
import { randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type { EmbedInput, EmbedItem } from '../../../shared/schemas/guides'
import type { Db, Schema } from '../../db/client'
import { validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { SecretBox } from '../../platform/secret-box'
import type { Actor, GuidesContext } from './guides.context'
import { embedOpening } from './guides.embed-views'

/** How long an instance frames with the hosts it last read. */
const FRAME_HOSTS_TTL_MS = 5_000

/** Whether a host is on the allowed list (an entry `*.example.se` allows its subdomains, not itself). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase()
  return allowed.some((a) => (a.startsWith('*.') ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a))
}

/** An embed as management sees it: everything but its secret, which only says whether there is one. */
async function embedItem(tx: Db, t: Schema, row: typeof t.embeds.$inferSelect): Promise<EmbedItem> {
  const assigned = await tx.select().from(t.embedAssignees).where(eq(t.embedAssignees.embedId, row.id))
  const of = (kind: 'user' | 'role' | 'team') => assigned.filter((a) => a.kind === kind).map((a) => a.targetId)
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    height: row.height,
    signing: row.signing,
    resource: row.resource ?? null,
    scope: row.scope,
    hasSecret: row.secret !== null,
    assignees: { users: of('user'), roles: of('role'), teams: of('team') },
    version: row.version,
    updatedAt: row.updatedAt,
  }
}

/** An embed's assignees replaced by those given (each person, role and team once). */
async function replaceAssignees(t: GuidesContext['t'], tx: Db, id: string, a: EmbedInput['assignees']) {
  await tx.delete(t.embedAssignees).where(eq(t.embedAssignees.embedId, id))
  const rows = [...new Set(a.users.map((x) => `user|${x}`)), ...new Set(a.roles.map((x) => `role|${x}`)), ...new Set(a.teams.map((x) => `team|${x}`))].map(
    (k) => {
      const [kind, targetId] = k.split('|') as ['user' | 'role' | 'team', string]
      return { embedId: id, kind, targetId }
    },
  )
  if (rows.length > 0) await tx.insert(t.embedAssignees).values(rows)
}

const shown = embedSettingsOf

/**
 * Embeds (docs/decisions/069): outside pages shown in the app — a BI dashboard, a video, a form — from the allowed
 * hosts only, assigned to users, roles or teams and shown inside guides. A signed one (Metabase's signed embedding)
 * is opened with a token the server mints for each reader with their own office, team or employee id locked in its
 * parameters, signed with the embed's secret, which never leaves the server.
 */
export function guideEmbeds(ctx: GuidesContext, secrets: SecretBox) {
  const { database, db, t, now } = ctx
  const { embedRow } = embedOpening(ctx, secrets)
  const frames: { at: number; list: string[] } = { at: 0, list: [] }

  async function hosts(tx: Db = db) {
    const rows = await tx.select({ host: t.embedHosts.host }).from(t.embedHosts).orderBy(asc(t.embedHosts.host))
    return rows.map((r) => r.host)
  }

  /** The input's rules beyond its shape: an allowed host, and for a signed embed what it shows and a secret. */
  async function check(tx: Db, input: EmbedInput, hadSecret: boolean) {
    const errors: Record<string, string[]> = {}
    if (!hostAllowed(new URL(input.url).hostname, await hosts(tx))) errors.url = ['validation.embeds.hostNotAllowed']
    if (input.signing === 'metabase') {
      if (!input.resource) errors.resource = ['validation.embeds.resource']
      if (!input.secret && !hadSecret) errors.secret = ['validation.embeds.secret']
    }
    if (Object.keys(errors).length > 0) throw validationError(errors)
  }

  const writeAssignees = (tx: Db, id: string, a: EmbedInput['assignees']) => replaceAssignees(t, tx, id, a)

  return {
    embeds: {
      hosts: () => hosts(),

      async setHosts(actor: Actor, list: string[]) {
        const saved = await database.transaction(async (tx) => {
          const before = await hosts(tx)
          const wanted = [...new Set(list)].sort()
          const at = now()
          const gone = before.filter((h) => !wanted.includes(h))
          if (gone.length > 0) await tx.delete(t.embedHosts).where(inArray(t.embedHosts.host, gone))
          const added = wanted.filter((h) => !before.includes(h))
          if (added.length > 0) await tx.insert(t.embedHosts).values(added.map((host) => ({ host, createdAt: at })))
          if (gone.length > 0 || added.length > 0)
            await logActivity(tx, t, {
              at,
              actorId: actor.id,
              entity: 'embed_hosts',
              entityId: 'hosts',
              action: 'updated',
              before: { hosts: before },
              after: { hosts: wanted },
            })
          return wanted
        })
        frames.list = saved
        frames.at = now()
        return saved
      },

      async list(): Promise<EmbedItem[]> {
        const rows = await db.select().from(t.embeds).orderBy(asc(t.embeds.name))
        return Promise.all(rows.map((r) => embedItem(db, t, r)))
      },

      async create(actor: Actor, input: EmbedInput): Promise<EmbedItem> {
        return database.transaction(async (tx) => {
          await check(tx, input, false)
          const at = now()
          const id = randomUUID()
          const { secret, assignees, ...values } = input
          await tx
            .insert(t.embeds)
            .values({ id, ...values, resource: values.resource ?? null, secret: secret ? secrets.seal(secret) : null, createdAt: at, updatedAt: at })
          await writeAssignees(tx, id, assignees)
          const made = await embedItem(tx, t, await embedRow(tx, id))
          await logActivity(tx, t, {
            at,
            actorId: actor.id,
            entity: 'embed',
            entityId: id,
            action: 'created',
            after: { ...shown(made), secretSet: secret !== null },
          })
          return made
        })
      },

      async update(actor: Actor, id: string, input: EmbedInput & { version: number }): Promise<EmbedItem> {
        return database.transaction(async (tx) => {
          const row = await embedRow(tx, id, input.version)
          const before = await embedItem(tx, t, row)
          await check(tx, input, row.secret !== null)
          const at = now()
          const { secret, assignees, version: _v, ...values } = input
          await tx
            .update(t.embeds)
            .set({ ...values, resource: values.resource ?? null, ...(secret ? { secret: secrets.seal(secret) } : {}), updatedAt: at, version: row.version + 1 })
            .where(eq(t.embeds.id, id))
          await writeAssignees(tx, id, assignees)
          const after = await embedItem(tx, t, await embedRow(tx, id))
          const changed = changedFields(shown(before), shown(after))
          await logActivity(tx, t, {
            at,
            actorId: actor.id,
            entity: 'embed',
            entityId: id,
            action: 'updated',
            before: changed.before,
            after: { ...changed.after, ...(secret ? { secretSet: true } : {}) },
          })
          return after
        })
      },

      async remove(actor: Actor, id: string, version: number) {
        await database.transaction(async (tx) => {
          const row = await embedRow(tx, id, version)
          await tx.delete(t.embeds).where(eq(t.embeds.id, id))
          await logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'embed', entityId: id, action: 'deleted', before: { name: row.name, url: row.url } })
        })
      },

      /**
       * The hosts frames may come from, for the pages' Content-Security-Policy: answered at once from memory, read
       * again at most every few seconds (another instance's change is seen within them).
       */
      frameSources(): string[] {
        const at = now()
        if (at - frames.at > FRAME_HOSTS_TTL_MS) {
          frames.at = at
          hosts()
            .then((list) => (frames.list = list))
            .catch(() => undefined)
        }
        return frames.list
      },
    },
  }
}
