import { Button, Link, Stack, Switch, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import type { FeedSettings } from '../../../../shared/schemas/feed'
import { LoadError } from '../../../components/ui/load-error'
import { Loading } from '../../../components/ui/loading'
import { Page } from '../../../components/ui/page'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { snackbar } from '../../../lib/snackbar-store'
import { useFeed, useFeedChanges, useFeedItem } from '../api/feed-queries'
import { FeedCard } from '../components/feed-card'
import { PostComposer } from '../components/post-composer'

/**
 * /feed (issue 76, docs/decisions/102): the office's moments and managers' posts, newest first, phone first. A link
 * from a notification (`?item=`) shows that item with all its comments on top. Every device showing the feed reads
 * it again when anything in it changes (the realtime channel's poke).
 */
export default function FeedPage() {
  const { t } = useTranslation()
  const feed = useFeed()
  const [search] = useSearchParams()
  const linked = useFeedItem(search.get('item'))
  const first = feed.data?.pages[0]
  const items = feed.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <Page title={t('routes.feed')}>
      <Stack gap="4" maxW="2xl" data-testid="feed">
        <Text color="fg.muted" fontSize="sm">
          {t('feed.intro')}
        </Text>
        {first ? <Settings settings={first.settings} /> : null}
        {first?.mayPost ? <PostComposer /> : null}
        {linked.data ? <FeedCard item={linked.data} allComments /> : null}
        {feed.isPending ? (
          <Loading />
        ) : feed.isError ? (
          <LoadError error={feed.error} onRetry={() => void feed.refetch()} />
        ) : items.length === 0 ? (
          <Text color="fg.muted" data-testid="feed-empty">
            {t('feed.empty')}
          </Text>
        ) : (
          <Stack gap="3" as="ol" listStyleType="none" aria-label={t('routes.feed')}>
            {items
              .filter((item) => item.id !== linked.data?.id)
              .map((item) => (
                <li key={item.id}>
                  <FeedCard item={item} />
                </li>
              ))}
          </Stack>
        )}
        {feed.hasNextPage ? (
          <Button variant="outline" size="sm" alignSelf="center" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
            {t('feed.more')}
          </Button>
        ) : null}
      </Stack>
    </Page>
  )
}

/** The reader's own choices: mute the feed, hide their own moments; push is chosen with the other notifications. */
function Settings({ settings }: { settings: FeedSettings }) {
  const { t } = useTranslation()
  const changes = useFeedChanges()
  const save = useAction(changes.saveSettings, { failure: 'snackbar', onDone: () => snackbar.success(t('feed.savedSettings')) })
  const toggle = (key: keyof FeedSettings, label: string, help: string) => (
    <Switch.Root
      checked={settings[key]}
      disabled={save.busy}
      onCheckedChange={(e) => void save.run({ ...settings, [key]: e.checked })}
      alignItems="start"
      data-testid={`feed-${key}`}
    >
      <Switch.HiddenInput />
      <Switch.Control mt="0.5" />
      <Stack gap="0">
        <Switch.Label>{label}</Switch.Label>
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
      </Stack>
    </Switch.Root>
  )
  return (
    <SectionCard title={t('feed.settings')} size="sm" level="h2">
      <Stack gap="3">
        {settings.muted ? (
          <Text fontSize="sm" fontWeight="medium">
            {t('feed.mutedNotice')}
          </Text>
        ) : null}
        {toggle('muted', t('feed.muted'), t('feed.mutedHelp'))}
        {toggle('hideOwn', t('feed.hideOwn'), t('feed.hideOwnHelp'))}
        <Link asChild fontSize="xs" color="fg.muted">
          <RouterLink to="/users/profile?tab=notifications">{t('feed.pushHelp')}</RouterLink>
        </Link>
      </Stack>
    </SectionCard>
  )
}
