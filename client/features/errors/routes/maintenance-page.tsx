import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { isAppPath } from '../../../../shared/rules/guard'
import { call, rpc } from '../../../lib/api-client'

const CHECK_EVERY_MS = 30_000

/** Shown while the server is under maintenance; checks every 30 s and returns the user where they were. */
export default function MaintenancePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [checking, setChecking] = useState(false)
  const to = params.get('to')
  const back = to && isAppPath(to) ? to : '/'

  const check = useCallback(async () => {
    setChecking(true)
    try {
      const meta = await call(rpc.meta.$get())
      if (!meta.maintenance) void navigate(back, { replace: true })
    } catch {
      // still down or no network: keep waiting
    } finally {
      setChecking(false)
    }
  }, [back, navigate])

  useEffect(() => {
    const timer = setInterval(() => void check(), CHECK_EVERY_MS)
    return () => clearInterval(timer)
  }, [check])

  return (
    <Stack as="main" id="main" align="center" textAlign="center" gap="4" py={{ base: '16', md: '24' }} px="6" maxW="lg" mx="auto" data-testid="maintenance">
      <Text fontSize={{ base: '6xl', md: '7xl' }} fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden="true">
        503
      </Text>
      <Heading as="h1" size="2xl">
        {t('pages.maintenance.title')}
      </Heading>
      <Text color="fg.muted">{t('pages.maintenance.text')}</Text>
      <Box pt="2">
        <Button colorPalette="brand" loading={checking} onClick={() => void check()}>
          {t('pages.maintenance.retry')}
        </Button>
      </Box>
    </Stack>
  )
}
