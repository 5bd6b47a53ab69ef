import { Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pathFor, routeByName } from '../../../shared/routes'
import { useAbility, useUserData } from '../../lib/session'
import { NAVIGATION, homeRoute, visibleNavigation } from '../navigation'
import { roleName } from '../../lib/role-name'

/** The start page (empty layout): a greeting, the way to the user's home and the areas they may open. */
export default function StartPage() {
  const { t } = useTranslation()
  const user = useUserData()
  const ability = useAbility()
  const can = ability.can.bind(ability)

  if (!user) {
    return (
      <Stack align="center" textAlign="center" gap="4" py="24" px="6">
        <Heading as="h1" size="2xl">
          {t('start.visitor')}
        </Heading>
        <Text color="fg.muted">{t('start.visitorHint')}</Text>
        <Button asChild colorPalette="brand">
          <Link to="/login">{t('auth.submit')}</Link>
        </Button>
      </Stack>
    )
  }

  const home = homeRoute(user.role, can)
  const areas = visibleNavigation(NAVIGATION, can)
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ base: 'stretch', md: 'center' }}>
          <Box>
            <Heading as="h1" size="3xl">
              {t('start.greeting', { name: user.fullName.split(' ')[0] })}
            </Heading>
            <Text color="fg.muted" mt="1">
              {roleName(t, user.role, user.roleName)}
            </Text>
          </Box>
          {home ? (
            <Button asChild colorPalette="brand" size="lg">
              <Link to={pathFor(home)}>{t('start.continue', { page: t(`routes.${home}`) })}</Link>
            </Button>
          ) : null}
        </Flex>
        <Box>
          <Heading as="h2" size="lg" mb="4">
            {t('start.yourAreas')}
          </Heading>
          {areas.length === 0 ? <Text color="fg.muted">{t('start.noAreas')}</Text> : null}
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {areas.map((area) => (
              <Card.Root key={area.title} id={`area-${area.title.split('.').at(-1)}`} variant="outline">
                <Card.Body gap="2">
                  <Heading as="h3" size="md">
                    {t(area.title)}
                  </Heading>
                  <Stack as="ul" gap="1" listStyleType="none">
                    {(area.children ?? []).map((item) => (
                      <li key={item.to}>
                        <Link to={pathFor(item.to!)}>
                          <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                            {t(item.title)}
                          </Text>
                        </Link>
                        {routeByName(item.to!).plannedIn !== undefined ? (
                          <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                            {t('start.planned')}
                          </Text>
                        ) : null}
                      </li>
                    ))}
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Box>
  )
}
