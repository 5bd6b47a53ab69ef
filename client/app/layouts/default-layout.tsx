import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useColorScheme, usePreferences } from '../../lib/preferences'
import { queryClient } from '../../lib/query-client'
import { OVERLAY_BREAKPOINT_QUERY, useMediaQuery } from '../../lib/use-media-query'
import { AppBar } from './app-bar'
import { AppFooter } from './app-footer'
import { HorizontalNav } from './horizontal-nav'
import { NavMenu } from './nav-menu'

/**
 * The default layout: navbar, navigation (vertical or horizontal by preference), content and footer.
 * Below the overlay breakpoint the layout is vertical with an overlay drawer whatever the preference;
 * the preference itself is untouched, so a wider window brings the earlier choice back.
 */
export default function DefaultLayout({ children, fixedHeight = false }: { children: ReactNode; fixedHeight?: boolean }) {
  const { t } = useTranslation()
  const prefs = usePreferences()
  const scheme = useColorScheme()
  const wide = useMediaQuery(OVERLAY_BREAKPOINT_QUERY)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const layout = wide ? prefs.appContentLayoutNav : 'vertical'
  const sidebar = wide && layout === 'vertical' && !prefs.isVerticalNavCollapsed
  const semiDark = prefs.isVerticalNavSemiDark && scheme === 'light'

  return (
    <QueryClientProvider client={queryClient}>
      <Flex direction="column" minH="100dvh" h={fixedHeight ? '100dvh' : undefined} data-layout={layout}>
        <a href="#main" className="skip-link">
          {t('app.skipToContent')}
        </a>
        <AppBar onOpenNav={layout === 'vertical' ? () => setDrawerOpen(true) : undefined} alwaysShowMenuButton={wide && !sidebar && layout === 'vertical'} />
        {layout === 'horizontal' ? <HorizontalNav /> : null}
        <Flex flex="1" minH="0">
          {sidebar ? (
            <Box
              as="aside"
              className={semiDark ? 'dark' : undefined}
              data-testid="vertical-nav"
              w="64"
              flexShrink={0}
              borderRightWidth="1px"
              bg="bg"
              color="fg"
              position="sticky"
              top={prefs.navbarType === 'sticky' ? '16' : '0'}
              h={prefs.navbarType === 'sticky' ? 'calc(100dvh - 4rem)' : '100dvh'}
              overflowY="auto"
              p="3"
            >
              <NavMenu />
            </Box>
          ) : null}
          <Flex direction="column" flex="1" minW="0">
            <Box as="main" id="main" tabIndex={-1} flex="1" overflowY={fixedHeight ? 'auto' : undefined} outline="none">
              <Box
                maxW={prefs.appContentWidth === 'boxed' ? '7xl' : 'none'}
                mx="auto"
                px={{ base: '4', md: '8' }}
                py={{ base: '5', md: '8' }}
                h={fixedHeight ? 'full' : undefined}
                data-content-width={prefs.appContentWidth}
              >
                {children}
              </Box>
            </Box>
            {fixedHeight ? null : <AppFooter />}
          </Flex>
        </Flex>
        <Drawer.Root lazyMount unmountOnExit open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="xs" className={semiDark ? 'dark' : undefined} bg="bg" color="fg">
                <Drawer.Header>
                  <Drawer.Title>{t('nav.menu')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="3">
                  <NavMenu onNavigate={() => setDrawerOpen(false)} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('nav.closeMenu')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Flex>
    </QueryClientProvider>
  )
}
