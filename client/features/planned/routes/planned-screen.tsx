import { Card, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../components/ui/page'
import { useCurrentRoute } from '../../../lib/use-current-route'

/**
 * A screen a later issue builds: its title inside the layout and a line saying so.
 * docs/screens.md lists every route with its state.
 */
export default function PlannedScreen() {
  const { t } = useTranslation()
  const route = useCurrentRoute()
  const issue = route?.plannedIn
  return (
    <Page title={route ? t(`routes.${route.name}`) : ''}>
      <Card.Root variant="outline">
        <Card.Body>
          <Text color="fg.muted">{typeof issue === 'number' ? t('pages.plannedIssue', { issue }) : t('pages.planned')}</Text>
        </Card.Body>
      </Card.Root>
    </Page>
  )
}
