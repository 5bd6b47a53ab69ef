import { Box, Button, Card, Flex, HStack, IconButton, Image, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import { FEED_REACTIONS, type FeedItem } from '../../../../shared/schemas/feed'
import { FEED_COMMENT_MAX } from '../../../../shared/rules/feed'
import { useAction } from '../../../components/ui/use-action'
import { confirm } from '../../../lib/confirm-store'
import { useFeedChanges } from '../api/feed-queries'

/** A person's initials in a round badge (the feed shows no photos of people). */
function Avatar({ text, highlight }: { text: string; highlight?: boolean }) {
  return (
    <Flex
      flexShrink={0}
      w="10"
      h="10"
      rounded="full"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize="sm"
      bg={highlight ? 'brand.solid' : 'bg.emphasized'}
      color={highlight ? 'brand.contrast' : 'fg'}
      aria-hidden
    >
      {text.slice(0, 3)}
    </Flex>
  )
}

/** When, in words a phone reads at a glance: the time today, else the date and time. */
function when(at: number, lang: FormatLanguage) {
  const today = new Date().toDateString() === new Date(at).toDateString()
  return today ? formatTime(at, lang) : `${formatDate(at, lang)} ${formatTime(at, lang)}`
}

/**
 * One item of the feed (docs/decisions/102): who and what, the reactions (a tap gives or takes back one), the newest
 * comments with a field to add one, and removal for those who may.
 */
export function FeedCard({ item, allComments = false }: { item: FeedItem; allComments?: boolean }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const changes = useFeedChanges()
  const [comment, setComment] = useState('')
  const react = useAction(changes.react, { failure: 'snackbar' })
  const send = useAction((text: string) => changes.comment(item.id, text), { onDone: () => setComment('') })
  const remove = useAction(changes.remove, { failure: 'snackbar' })
  const removeComment = useAction(changes.removeComment, { failure: 'snackbar' })
  const name = item.person?.name ?? ''
  const title =
    item.kind === 'sale' && !item.person ? t('feed.kinds.saleAnonymous') : t(`feed.kinds.${item.kind}`, { name, interpolation: { escapeValue: false } })
  const askRemove = async () => {
    const ok = await confirm({
      title: t('feed.removeTitle'),
      text: t('feed.removeText'),
      confirmLabel: t('feed.remove'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) await remove.run(item.id)
  }
  return (
    <Card.Root size="sm" data-testid="feed-item" data-kind={item.kind} data-id={item.id}>
      <Card.Body gap="3">
        <HStack align="start" gap="3">
          <Avatar text={item.person?.initials ?? '★'} highlight={item.kind !== 'post'} />
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="semibold">{title}</Text>
            <Text fontSize="xs" color="fg.muted">
              {[when(item.at, lang), item.teamName, item.officeName].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          {item.mayRemove ? (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void askRemove()} loading={remove.busy} data-testid="feed-remove">
              {t('feed.remove')}
            </Button>
          ) : null}
        </HStack>
        {item.text ? <Text whiteSpace="pre-wrap">{item.text}</Text> : null}
        {item.image ? <Image src={item.image} alt="" rounded="md" maxH="80" objectFit="cover" loading="lazy" /> : null}
        {item.what.length > 0 || item.orderValueOre ? (
          <Text fontSize="sm" color="fg.muted">
            {[item.what.join(', '), item.orderValueOre ? formatOre(item.orderValueOre, lang) : null].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
        <HStack gap="1" wrap="wrap" data-testid="feed-reactions">
          {FEED_REACTIONS.map((emoji) => {
            const r = item.reactions.find((x) => x.emoji === emoji)
            return (
              <Button
                key={emoji}
                size="xs"
                variant={r?.mine ? 'subtle' : 'ghost'}
                colorPalette={r?.mine ? 'brand' : 'gray'}
                aria-pressed={r?.mine ?? false}
                aria-label={r ? t('feed.reacted', { count: r.count, emoji }) : t('feed.react', { emoji })}
                onClick={() => void react.run(item.id, emoji)}
                minW="10"
              >
                {emoji}
                {r ? <Text as="span">{r.count}</Text> : null}
              </Button>
            )
          })}
        </HStack>
        {item.comments.length > 0 ? (
          <Stack gap="2" borderTopWidth="1px" pt="2" data-testid="feed-comments">
            {!allComments && item.commentCount > item.comments.length ? (
              <Text fontSize="xs" color="fg.muted">
                {t('feed.showComments', { count: item.commentCount })}
              </Text>
            ) : null}
            {item.comments.map((c) => (
              <HStack key={c.id} align="start" gap="2" data-testid="feed-comment">
                <Box flex="1" minW="0" bg="bg.muted" rounded="md" px="3" py="1.5">
                  <Text fontSize="xs" fontWeight="semibold">
                    {c.name}
                  </Text>
                  <Text fontSize="sm" whiteSpace="pre-wrap">
                    {c.text}
                  </Text>
                </Box>
                {c.mayRemove ? (
                  <IconButton size="2xs" variant="ghost" aria-label={t('feed.removeComment')} onClick={() => void removeComment.run(item.id, c.id)}>
                    ×
                  </IconButton>
                ) : null}
              </HStack>
            ))}
          </Stack>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (comment.trim()) void send.run(comment.trim())
          }}
        >
          <HStack gap="2">
            <Input
              size="sm"
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              placeholder={t('feed.comment')}
              aria-label={t('feed.comment')}
              maxLength={FEED_COMMENT_MAX}
            />
            <Button size="sm" type="submit" variant="outline" loading={send.busy} disabled={!comment.trim()}>
              {t('feed.send')}
            </Button>
          </HStack>
          {send.error ? (
            <Text fontSize="xs" color="fg.error" mt="1" role="alert">
              {send.error}
            </Text>
          ) : null}
        </form>
      </Card.Body>
    </Card.Root>
  )
}
