import { Avatar, Box, CloseButton, Flex, Text } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { initials } from '../../../shared/format'
import { notificationPopup } from '../../lib/popup-store'
import { BellIcon } from './icons'

/** Shows the latest live notification at the top; a click follows its link, the close button dismisses it. */
export function NotificationPopup() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const n = useSyncExternalStore(notificationPopup.subscribe, notificationPopup.get)
  if (!n) return null
  const open = () => {
    notificationPopup.close()
    if (n.link) navigate(n.link)
  }
  return (
    <Box position="fixed" top="3" left="50%" transform="translateX(-50%)" zIndex="toast" w="md" maxW="calc(100vw - 1.5rem)">
      <Flex
        key={n.id}
        data-testid="notification-popup"
        role="alert"
        gap="3"
        p="3"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="lg"
        boxShadow="lg"
        align="flex-start"
        animationName="slide-from-top, fade-in"
        animationDuration="moderate"
      >
        <Flex as="button" gap="3" flex="1" textAlign="start" onClick={open} cursor={n.link ? 'pointer' : 'default'} align="flex-start">
          <Avatar.Root size="sm" colorPalette="brand" variant="solid">
            {/* From a person: their initials; from the app itself (no sender): the bell. */}
            <Avatar.Fallback>{n.from ? initials(n.from) : <BellIcon size={16} />}</Avatar.Fallback>
          </Avatar.Root>
          <Box>
            <Text fontWeight="semibold">{n.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {n.message}
            </Text>
          </Box>
        </Flex>
        <CloseButton size="xs" aria-label={t('app.close')} onClick={() => notificationPopup.close()} />
      </Flex>
    </Box>
  )
}
