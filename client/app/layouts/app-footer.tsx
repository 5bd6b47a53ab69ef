import { Box, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { appMeta } from '../../features/auth/api/auth-api'
import { usePreferences } from '../../lib/preferences'

/** The footer: static by default, sticky or hidden as the preferences say. */
export function AppFooter() {
  const { t } = useTranslation()
  const prefs = usePreferences()
  const [version, setVersion] = useState('')
  useEffect(() => {
    void appMeta().then((m) => setVersion(m.version))
  }, [])
  if (prefs.footerType === 'hidden') return null
  return (
    <Box
      as="footer"
      data-testid="footer"
      position={prefs.footerType === 'sticky' ? 'sticky' : 'static'}
      bottom="0"
      bg="bg"
      borderTopWidth="1px"
      px={{ base: '4', md: '8' }}
      py="3"
      fontSize="sm"
      color="fg.muted"
      display="flex"
      justifyContent="space-between"
      gap="4"
      css={{ '@media print': { display: 'none' } }}
    >
      <Text>
        © {new Date().getFullYear()} {t('app.name')}
      </Text>
      {version ? <Text>{t('app.version', { version })}</Text> : null}
    </Box>
  )
}
