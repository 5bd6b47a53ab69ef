import { Badge, Box, Flex, IconButton, Text } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { appMeta } from '../../features/auth/api/auth-api'
import { MenuIcon, SettingsIcon } from '../../components/ui/icons'
import { ensureSalesMessages } from '../../lib/i18n'
import { usePreferences } from '../../lib/preferences'
import { useAbility, useUserData } from '../../lib/session'
import { Customizer } from './customizer'
import { FieldModeToggle } from './field-mode-toggle'
import { NotificationBell } from './notification-bell'
import { SearchDialog } from './search-dialog'
import { ShortcutsMenu } from './shortcuts-menu'
import { ThemeSwitcher } from './theme-switcher'
import { UserMenu } from './user-menu'

// The offline store and sync engine load only for users who work offline (their own chunk).
const RealtimeStatus = lazy(() => import('./realtime-status'))
const SyncIndicator = lazy(() => Promise.all([import('./sync-indicator'), ensureSalesMessages()]).then(([m]) => m))

/**
 * The top bar: menu button, the brand, the demo badge, the theme switcher, the customizer and the user
 * menu. Sticky with blur by default; static or hidden as the preferences say (`alwaysShowMenuButton`
 * when the vertical nav is collapsed on a wide screen).
 */
export function AppBar({ onOpenNav, alwaysShowMenuButton = false }: { onOpenNav?: () => void; alwaysShowMenuButton?: boolean }) {
  const { t } = useTranslation()
  const prefs = usePreferences()
  const user = useUserData()
  const ability = useAbility()
  const [customizerOpen, setCustomizerOpen] = useState(false)
  return (
    <Flex
      as="header"
      position={prefs.navbarType === 'sticky' ? 'sticky' : 'static'}
      hideFrom={prefs.navbarType === 'hidden' ? 'overlay' : undefined}
      top="0"
      zIndex="sticky"
      h="16"
      px={{ base: '2', sm: '3', md: '6' }}
      align="center"
      gap={{ base: '1', sm: '2' }}
      bg={prefs.isNavbarBlurEnabled ? 'bg/80' : 'bg'}
      backdropFilter={prefs.isNavbarBlurEnabled ? 'blur(8px)' : undefined}
      borderBottomWidth="1px"
      data-testid="navbar"
      data-navbar-type={prefs.navbarType}
    >
      {onOpenNav ? (
        <IconButton variant="ghost" aria-label={t('nav.openMenu')} onClick={onOpenNav} hideFrom={alwaysShowMenuButton ? undefined : 'overlay'}>
          <MenuIcon />
        </IconButton>
      ) : null}
      {/* The brand never shrinks: on a phone with the sync badge showing, the bar's other items give way. */}
      <Box asChild flexShrink="0">
        <Link to="/start" aria-label={t('app.name')}>
          <Flex align="center" gap="2">
            <Box as="img" {...{ src: '/favicon.svg', alt: '' }} w="8" h="8" minW="8" flexShrink="0" />
            <Text fontWeight="bold" fontSize="lg" display={{ base: 'none', sm: 'block' }}>
              {t('app.name')}
            </Text>
          </Flex>
        </Link>
      </Box>
      <DemoBadge />
      <Box flex="1" />
      {user && ability.can('create', 'sales') ? (
        <Suspense fallback={null}>
          <SyncIndicator />
        </Suspense>
      ) : null}
      {/* The seller's field mode, one tap away on every width (docs/decisions/089). */}
      {user && ability.can('create', 'sales') ? <FieldModeToggle /> : null}
      <SearchDialog />
      {user ? (
        <Box hideBelow="md">
          <ShortcutsMenu />
        </Box>
      ) : null}
      <ThemeSwitcher />
      {user ? (
        <>
          <Suspense fallback={null}>
            <RealtimeStatus />
          </Suspense>
          <NotificationBell kind="deviation" />
          <NotificationBell kind="general" />
        </>
      ) : null}
      {/* On a phone the customizer is in the user menu ("Utseende"), so the bar keeps room for the bells. */}
      <IconButton variant="ghost" aria-label={t('customizer.open')} onClick={() => setCustomizerOpen(true)} data-testid="open-customizer" hideBelow="md">
        <SettingsIcon />
      </IconButton>
      <UserMenu onOpenPreferences={() => setCustomizerOpen(true)} />
      <Customizer open={customizerOpen} onOpenChange={setCustomizerOpen} />
    </Flex>
  )
}

/** "Demo" beside the brand when the server runs with demo data. Its own component: the answer redraws only it. */
function DemoBadge() {
  const { t } = useTranslation()
  const [demo, setDemo] = useState(false)
  useEffect(() => {
    void appMeta().then((m) => setDemo(m.demo))
  }, [])
  return demo ? (
    <Badge colorPalette="brand" variant="solid" data-testid="demo-badge" hideBelow="sm" title={t('app.demoHint', { password: 'saljkraft-demo' })}>
      {t('app.demo')}
    </Badge>
  ) : null
}
