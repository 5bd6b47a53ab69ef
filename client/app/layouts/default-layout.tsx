import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AppBar } from './app-bar'
import { NavMenu } from './nav-menu'

/** The default layout: app bar, vertical navigation (a drawer below the overlay breakpoint) and content. */
export default function DefaultLayout({ children, fixedHeight = false }: { children: ReactNode; fixedHeight?: boolean }) {
  const { t } = useTranslation()
  const [drawerOpen, setDrawerOpen] = useState(false)
  return (
    <Flex direction="column" minH="100dvh" h={fixedHeight ? '100dvh' : undefined}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppBar onOpenNav={() => setDrawerOpen(true)} />
      <Flex flex="1" minH="0">
        <Box
          as="aside"
          hideBelow="overlay"
          w="64"
          flexShrink={0}
          borderRightWidth="1px"
          bg="bg"
          position="sticky"
          top="16"
          h="calc(100dvh - 4rem)"
          overflowY="auto"
          p="3"
        >
          <NavMenu />
        </Box>
        <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" overflowY={fixedHeight ? 'auto' : undefined} outline="none">
          <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} h={fixedHeight ? 'full' : undefined}>
            {children}
          </Box>
        </Box>
      </Flex>
      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="xs">
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
  )
}
