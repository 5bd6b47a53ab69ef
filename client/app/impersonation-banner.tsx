import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { stopImpersonation } from '../lib/impersonation'
import { errorText } from '../lib/api-client'
import { useUserData } from '../lib/session'
import { snackbar } from '../lib/snackbar-store'

/**
 * On every screen while an admin views the app as another user (docs/decisions/037): whom they act as, that it is
 * logged with both names, and the way back.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation()
  const user = useUserData()
  const [stopping, setStopping] = useState(false)
  const admin = user?.impersonatedBy
  if (!user || !admin) return null
  const stop = async () => {
    setStopping(true)
    try {
      await stopImpersonation()
    } catch (err) {
      setStopping(false)
      snackbar.error(errorText(err, t))
    }
  }
  return (
    <Box bg="orange.700" color="white" px={{ base: '3', md: '6' }} py="2" role="status" data-testid="impersonation-banner">
      <Flex gap={{ base: '2', md: '4' }} align="center" justify="space-between" wrap="wrap" maxW="7xl" mx="auto">
        <Text fontSize="sm" fontWeight="medium" flex="1" minW="48">
          {t('impersonation.banner', { name: user.fullName, admin: admin.fullName })}
        </Text>
        <Button
          size="xs"
          variant="solid"
          bg="white"
          color="orange.700"
          _hover={{ bg: 'orange.100' }}
          loading={stopping}
          onClick={() => void stop()}
          data-testid="stop-impersonation"
        >
          {t('impersonation.stop', { name: user.fullName })}
        </Button>
      </Flex>
    </Box>
  )
}
