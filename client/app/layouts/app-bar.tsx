import { Badge, Box, Flex, IconButton, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { appMeta } from '../../features/auth/api/auth-api'
import { MenuIcon } from '../../components/ui/icons'
import { UserMenu } from './user-menu'

/** The top bar: menu button (narrow screens), the brand, the demo badge and the user menu. */
export function AppBar({ onOpenNav }: { onOpenNav?: () => void }) {
  const { t } = useTranslation()
  const [demo, setDemo] = useState(false)
  useEffect(() => {
    void appMeta().then((m) => setDemo(m.demo))
  }, [])
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h="16"
      px={{ base: '3', md: '6' }}
      align="center"
      gap="3"
      bg="bg/80"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
    >
      {onOpenNav ? (
        <IconButton variant="ghost" aria-label={t('nav.openMenu')} onClick={onOpenNav} hideFrom="overlay">
          <MenuIcon />
        </IconButton>
      ) : null}
      <Link to="/start" aria-label={t('app.name')}>
        <Flex align="center" gap="2">
          <Box as="img" {...{ src: '/favicon.svg', alt: '' }} w="8" h="8" />
          <Text fontWeight="bold" fontSize="lg" display={{ base: 'none', sm: 'block' }}>
            {t('app.name')}
          </Text>
        </Flex>
      </Link>
      {demo ? (
        <Badge colorPalette="brand" variant="solid" data-testid="demo-badge" title={t('app.demoHint', { password: 'saljkraft-demo' })}>
          {t('app.demo')}
        </Badge>
      ) : null}
      <Box flex="1" />
      <UserMenu />
    </Flex>
  )
}
