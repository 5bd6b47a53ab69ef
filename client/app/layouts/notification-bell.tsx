import { Box, Button, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format'
import type { MarkReadInput, NotificationKind } from '../../../shared/schemas/notifications'
import { AlertIcon, BellIcon } from '../../components/ui/icons'
import { call, rpc } from '../../lib/api-client'
import { currentLanguage } from '../../lib/i18n'
import { notificationPopup } from '../../lib/popup-store'
import { announced, realtimeStore } from '../../lib/realtime-store'
import { notificationsKeys } from '../../features/notifications/api/notifications-keys'

/**
 * A navbar bell: the latest notifications of one kind with the unread count. A live notification refreshes it at
 * once (client/lib/realtime.ts); while the realtime connection is down it asks every minute.
 */
export function NotificationBell({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const key = notificationsKeys.bell(kind)
  const live = useSyncExternalStore(realtimeStore.subscribe, () => realtimeStore.get().state === 'connected')
  const list = useQuery({
    queryKey: key,
    queryFn: () => call(rpc.notifications.$get({ query: { kind } })),
    refetchInterval: live ? false : 60_000,
    staleTime: 5_000,
  })
  // Coming back to the app asks at once, whatever the cache's age (React Query's own focus refetch waits until
  // the answer is stale): a person returning to the phone expects what arrived meanwhile.
  const { refetch } = list
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch()
    }
    // A push the service worker has just shown (sw/sw.ts): it arrived while the realtime channel may be down.
    const onWorkerMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'saljkraft-push') void refetch()
    }
    document.addEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage)
    }
  }, [refetch])
  // A notification that arrives while the app is open pops up at the top. The ones in the first answer were
  // there when the app opened: the bell counts them and they do not pop up (data-loaded marks that moment).
  const seen = useRef<Set<string> | null>(null)
  useEffect(() => {
    const items = list.data?.items
    if (!items) return
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id))
      return
    }
    // One that arrived live has popped up already.
    const fresh = items.filter((n) => !n.read && !seen.current!.has(n.id) && !announced.has(n.id))
    for (const n of items) seen.current.add(n.id)
    const newest = fresh[0]
    if (newest) notificationPopup.show({ title: newest.title, message: newest.message, link: newest.link ?? undefined, from: newest.fromName ?? undefined })
  }, [list.data])
  const markRead = useMutation({
    mutationFn: (input: MarkReadInput) => call(rpc.notifications.read.$post({ json: input })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
  const unread = list.data?.unread ?? 0
  const label = kind === 'deviation' ? t('notifications.deviations') : t('notifications.title')

  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        const n = list.data?.items.find((x) => x.id === d.value)
        if (!n) return
        if (!n.read) markRead.mutate({ kind, ids: [n.id] })
        if (n.link) navigate(n.link)
      }}
    >
      <Box position="relative" display="inline-flex">
        <Menu.Trigger asChild>
          <IconButton
            variant="ghost"
            aria-label={unread > 0 ? t('notifications.unreadLabel', { label, count: unread }) : label}
            data-testid={`bell-${kind}`}
            data-loaded={list.data ? 'true' : 'false'}
          >
            {kind === 'deviation' ? <AlertIcon /> : <BellIcon />}
          </IconButton>
        </Menu.Trigger>
        {unread > 0 ? (
          <Box
            as="span"
            position="absolute"
            top="0.5"
            right="0.5"
            minW="4.5"
            h="4.5"
            px="1"
            borderRadius="full"
            bg={kind === 'deviation' ? 'red.600' : 'brand.solid'}
            color="white"
            fontSize="11px"
            fontWeight="bold"
            lineHeight="18px"
            textAlign="center"
            pointerEvents="none"
            aria-hidden="true"
            data-testid={`bell-count-${kind}`}
          >
            {unread > 9 ? '9+' : unread}
          </Box>
        ) : null}
      </Box>
      <Portal>
        <Menu.Positioner>
          <Menu.Content w="sm" maxW="calc(100vw - 1rem)" data-testid={`bell-menu-${kind}`}>
            <Flex justify="space-between" align="center" px="2" py="1">
              <Text fontWeight="semibold">{label}</Text>
              {unread > 0 ? (
                <Button size="xs" variant="ghost" onClick={() => markRead.mutate({ kind })}>
                  {t('notifications.markAllRead')}
                </Button>
              ) : null}
            </Flex>
            <Menu.Separator />
            {(list.data?.items ?? []).length === 0 ? (
              <Text px="2" py="3" color="fg.muted" fontSize="sm">
                {t('notifications.empty')}
              </Text>
            ) : null}
            {(list.data?.items ?? []).map((n) => (
              <Menu.Item key={n.id} value={n.id} alignItems="flex-start" py="2">
                <Box>
                  <Text fontWeight={n.read ? 'normal' : 'semibold'}>{n.title}</Text>
                  <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                    {n.message}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {[n.fromName, formatDate(n.createdAt, currentLanguage())].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
