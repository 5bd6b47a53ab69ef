import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/events'
import type { NotificationsContext } from './notifications.context'
import type { NotificationDelivery } from './notifications.delivery'

/**
 * The team feed's alerts (docs/decisions/102): a manager's post to the people it is for, and a reaction or a comment
 * to the person whose moment or post it is. In the bell by default; pushed only to those who turned push on for it;
 * nothing to those who muted the feed.
 */
export function feedAlerts(ctx: NotificationsContext, { notifyOf }: Pick<NotificationDelivery, 'notifyOf'>) {
  const { ports } = ctx

  /** The people a post is for: its team's, its office's, or everyone's. */
  async function audienceOf(tx: Db, p: DomainEvent<'feed.posted'>['payload']): Promise<string[]> {
    const teams = p.teamId ? [p.teamId] : p.officeId ? await ports.teamsOfOffice(tx, p.officeId) : await ports.allTeams(tx)
    const members = await ports.membersOfTeams(tx, teams)
    return heard(
      tx,
      [...new Set(members.map((m) => m.id))].filter((id) => id !== p.authorId),
    )
  }

  /** Those of these people who have not muted the feed. */
  async function heard(tx: Db, userIds: string[]): Promise<string[]> {
    const muted = await ports.feedMuted(tx, userIds)
    return userIds.filter((id) => !muted.has(id))
  }

  return {
    async fromPost(tx: Db, e: DomainEvent<'feed.posted'>) {
      const p = e.payload
      const [names, userIds] = await Promise.all([ports.names(tx, { userIds: [p.authorId] }), audienceOf(tx, p)])
      const name = names.get(p.authorId) ?? ''
      await notifyOf(tx, e, {
        type: 'feedPost',
        userIds,
        text: (tr) => ({ title: tr('feedAlerts.postTitle', { name }), message: p.text, link: `/feed?item=${p.itemId}` }),
        fromName: name,
      })
    },

    async fromResponse(tx: Db, e: DomainEvent<'feed.responded'>) {
      const p = e.payload
      const name = (await ports.names(tx, { userIds: [p.byUserId] })).get(p.byUserId) ?? ''
      await notifyOf(tx, e, {
        type: 'feedMine',
        userIds: await heard(tx, [p.ownerId]),
        text: (tr) => ({
          title: p.emoji ? tr('feedAlerts.reactionTitle', { name, emoji: p.emoji }) : tr('feedAlerts.commentTitle', { name }),
          message: p.comment ?? tr('feedAlerts.mineMessage'),
          link: `/feed?item=${p.itemId}`,
        }),
        fromName: name,
      })
    },
  }
}
