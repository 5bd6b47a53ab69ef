import { Badge, Box, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { LiveOffIcon, UsersIcon } from '../../components/ui/icons'
import { realtimeStore } from '../../lib/realtime-store'
import { useAbility, useUserData } from '../../lib/session'
import { syncEngine } from '../../lib/sync'
import { realtimeHandlers } from '../realtime-bindings'

/**
 * The realtime connection in the navbar (loaded after sign-in, so pusher-js stays out of the first screen): it
 * connects while the app is open and shows its state when it is not connected; for a coach, who of their teams
 * has the app open right now.
 */
function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export default function RealtimeStatus() {
  const { t } = useTranslation()
  const user = useUserData()
  const ability = useAbility()
  const sells = ability.can('create', 'sales')
  const { state, present } = useSyncExternalStore(realtimeStore.subscribe, realtimeStore.get)

  useEffect(() => {
    if (!user) return undefined
    let stopped = false
    let stop: (() => void) | null = null
    const onPoke = () => {
      if (sells) syncEngine(user.id).request(0)
    }
    void import('../../lib/realtime')
      .then(({ connectRealtime }) => connectRealtime(user, realtimeHandlers(onPoke)))
      .then((connection) => {
        if (stopped) connection.stop()
        else stop = () => connection.stop()
      })
      .catch(() => realtimeStore.setState('failed'))
    return () => {
      stopped = true
      stop?.()
    }
  }, [user, sells])

  // Others in the teams the user coaches (a seller's own team is not theirs to watch).
  const coached = user && !sells ? user.teamIds : []
  const others = coached.flatMap((teamId) => (present.get(teamId) ?? []).filter((m) => m.id !== user?.id))
  const unique = [...new Map(others.map((m) => [m.id, m])).values()].sort((a, b) => a.info.name.localeCompare(b.info.name))
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine)
  // A seller's sync badge already says the phone is offline; the live one would only repeat it in a full bar.
  const down = (state === 'unavailable' || state === 'failed' || state === 'disconnected') && (online || !sells)

  // Nothing to show while connected, unless the user coaches someone; the marker is hidden, so it is no flex item
  // and takes no gap in the bar.
  if (!down && coached.length === 0) return <Box as="span" data-testid="realtime-state" data-state={state} hidden />

  return (
    <Flex align="center" gap="1" flexShrink="0">
      {down ? (
        <Box as="span" display="inline-flex" data-testid="realtime-state" data-state={state} title={t('realtime.downHint')}>
          {/* A phone's bar has no room for words: the struck-through signal says the same (its name is read out). */}
          <Badge colorPalette="orange" variant="subtle" hideBelow="sm">
            {t(`realtime.states.${state}`)}
          </Badge>
          <Box as="span" hideFrom="sm" color="orange.fg" display="inline-flex" role="img" aria-label={t(`realtime.states.${state}`)}>
            <LiveOffIcon size={18} />
          </Box>
        </Box>
      ) : (
        <Box as="span" data-testid="realtime-state" data-state={state} hidden />
      )}
      {coached.length > 0 ? (
        <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
          <Box position="relative" display="inline-flex">
            <Menu.Trigger asChild>
              <IconButton variant="ghost" aria-label={t('realtime.onlineLabel', { count: unique.length })} data-testid="online-now">
                <UsersIcon />
              </IconButton>
            </Menu.Trigger>
            {unique.length > 0 ? (
              <Box
                as="span"
                position="absolute"
                bottom="1"
                right="1"
                w="2.5"
                h="2.5"
                borderRadius="full"
                bg="green.500"
                borderWidth="2px"
                borderColor="bg"
                pointerEvents="none"
                aria-hidden="true"
              />
            ) : null}
          </Box>
          <Portal>
            <Menu.Positioner>
              <Menu.Content w="xs" maxW="calc(100vw - 1rem)" data-testid="online-now-menu">
                <Text fontWeight="semibold" px="2" py="1">
                  {t('realtime.onlineTitle')}
                </Text>
                <Menu.Separator />
                {state !== 'connected' ? (
                  <Text px="2" py="2" fontSize="sm" color="fg.muted">
                    {t('realtime.onlineUnknown')}
                  </Text>
                ) : unique.length === 0 ? (
                  <Text px="2" py="2" fontSize="sm" color="fg.muted">
                    {t('realtime.onlineNone')}
                  </Text>
                ) : (
                  unique.map((m) => (
                    <Menu.Item key={m.id} value={m.id} closeOnSelect={false}>
                      <Box w="2" h="2" borderRadius="full" bg="green.500" flexShrink="0" aria-hidden="true" />
                      <Box>
                        <Text>{m.info.name}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {m.info.role}
                        </Text>
                      </Box>
                    </Menu.Item>
                  ))
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </Flex>
  )
}
