import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyUpdate, onUpdateAvailable } from '../lib/pwa'

/** "A new version is available": shown when a new service worker waits; reloading switches to it. */
export function UpdateBanner() {
  const { t } = useTranslation()
  const [available, setAvailable] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => onUpdateAvailable(setAvailable), [])
  if (!available || dismissed) return null
  return (
    <Box position="fixed" insetX="0" bottom="0" zIndex="toast" p="3" display="flex" justifyContent="center" pointerEvents="none">
      <HStack role="status" bg="gray.900" color="white" borderRadius="md" px="4" py="2" gap="3" boxShadow="lg" pointerEvents="auto" data-testid="update-banner">
        <Text fontSize="sm">{t('pwa.updateAvailable')}</Text>
        <Button size="xs" colorPalette="brand" onClick={applyUpdate}>
          {t('pwa.reload')}
        </Button>
        <Button size="xs" variant="ghost" color="white" onClick={() => setDismissed(true)}>
          {t('pwa.later')}
        </Button>
      </HStack>
    </Box>
  )
}
