import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pathFor } from '../../../shared/routes'
import { ChevronIcon, CircleIcon } from '../../components/ui/icons'
import { useAbility } from '../../lib/session'
import { useMatchedRoutes } from '../../lib/use-current-route'
import { NAVIGATION, isNavItemActive, visibleNavigation, type NavItem } from '../navigation'

/** The vertical navigation: the groups this user may open, the active one expanded. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const routes = useMatchedRoutes()
  const route = routes.at(-1)
  const matched = routes.map((r) => r.name)
  const navActiveLink = route?.meta.navActiveLink
  const items = visibleNavigation(NAVIGATION, ability.can.bind(ability))
  const [open, setOpen] = useState<Record<string, boolean>>({})

  const isOpen = (item: NavItem) => open[item.title] ?? isNavItemActive(item, matched, navActiveLink)

  return (
    <Box as="nav" aria-label={t('nav.menu')} data-testid="nav">
      <Stack as="ul" gap="1" listStyleType="none">
        {items.map((group) => (
          <li key={group.title}>
            <Button
              variant="ghost"
              w="full"
              justifyContent="space-between"
              fontWeight="semibold"
              color="fg"
              _hover={{ bg: 'bg.muted' }}
              _expanded={{ bg: 'bg.muted' }}
              aria-expanded={isOpen(group)}
              onClick={() => setOpen((o) => ({ ...o, [group.title]: !isOpen(group) }))}
            >
              {t(group.title)}
              <Box as="span" transform={isOpen(group) ? 'rotate(90deg)' : undefined} transition="transform 0.15s">
                <ChevronIcon size={16} />
              </Box>
            </Button>
            {isOpen(group) ? (
              <Stack as="ul" gap="0.5" listStyleType="none" mt="1" mb="2">
                {(group.children ?? []).map((item) => {
                  const active = isNavItemActive(item, matched, navActiveLink)
                  return (
                    <li key={item.to}>
                      <Link to={pathFor(item.to!)} onClick={onNavigate} aria-current={active ? 'page' : undefined} data-nav-item={item.to}>
                        <Box
                          display="flex"
                          alignItems="center"
                          gap="3"
                          px="3"
                          py="2"
                          borderRadius="md"
                          bg={active ? 'brand.solid' : undefined}
                          color={active ? 'brand.contrast' : 'fg'}
                          _hover={active ? undefined : { bg: 'bg.muted' }}
                        >
                          <CircleIcon />
                          <Text as="span" fontSize="sm">
                            {t(item.title)}
                          </Text>
                        </Box>
                      </Link>
                    </li>
                  )
                })}
              </Stack>
            ) : null}
          </li>
        ))}
      </Stack>
    </Box>
  )
}
