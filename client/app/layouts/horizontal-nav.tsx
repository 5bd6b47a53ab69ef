import { Box, Button, Flex, Menu, Portal } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pathFor, type RouteName } from '../../../shared/routes'
import { ChevronIcon, CircleIcon } from '../../components/ui/icons'
import { usePreferences } from '../../lib/preferences'
import { useAbility } from '../../lib/session'
import { useMatchedRoutes } from '../../lib/use-current-route'
import { NAVIGATION, isNavItemActive, visibleNavigation } from '../navigation'

/** The horizontal navigation: one menu per allowed group, sticky under the navbar, sliding in. */
export function HorizontalNav() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ability = useAbility()
  const prefs = usePreferences()
  const routes = useMatchedRoutes()
  const route = routes.at(-1)
  const matched = routes.map((r) => r.name)
  const groups = visibleNavigation(NAVIGATION, ability.can.bind(ability))
  return (
    <Box
      as="nav"
      aria-label={t('nav.menu')}
      data-testid="horizontal-nav"
      position="sticky"
      top={prefs.navbarType === 'sticky' ? '16' : '0'}
      zIndex="docked"
      bg="bg"
      borderBottomWidth="1px"
      px={{ base: '3', md: '6' }}
      animationName="slide-from-top, fade-in"
      animationDuration="moderate"
    >
      <Flex gap="1" py="2" wrap="wrap">
        {groups.map((group) => {
          const active = isNavItemActive(group, matched, route?.meta.navActiveLink)
          return (
            <Menu.Root lazyMount unmountOnExit key={group.title} onSelect={(d) => navigate(pathFor(d.value as RouteName))}>
              <Menu.Trigger asChild>
                <Button size="sm" variant={active ? 'subtle' : 'ghost'} colorPalette={active ? 'brand' : 'gray'}>
                  {t(group.title)}
                  <Box as="span" transform="rotate(90deg)">
                    <ChevronIcon size={14} />
                  </Box>
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content maxH="70vh" overflowY="auto">
                    {(group.children ?? []).map((item) => (
                      <Menu.Item key={item.to} value={item.to!} aria-current={isNavItemActive(item, matched, route?.meta.navActiveLink) ? 'page' : undefined}>
                        <CircleIcon />
                        {t(item.title)}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )
        })}
      </Flex>
    </Box>
  )
}
