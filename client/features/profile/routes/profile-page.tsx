import { Avatar, Card, Flex, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { initials } from '../../../../shared/format'
import { Page } from '../../../components/ui/page'
import { PreferencesForm } from '../../../components/ui/preferences-form'
import { getProfile } from '../api/profile-api'
import { AccountForm } from '../components/account-form'
import { NotificationSettingsTab } from '../components/notification-settings-tab'
import { SecurityTab } from '../components/security-tab'
import { StorageCard } from '../components/storage-card'
import { roleName } from '../../../lib/role-name'
import { useUrlParams } from '../../../lib/use-url-params'
import { profileKeys } from '../api/profile-keys'

const TABS = ['account', 'security', 'preferences', 'notifications'] as const

/** /users/profile: the signed-in user's own account, security, preferences and notification settings, one tab each (kept in the URL). */
export default function ProfilePage() {
  const { t } = useTranslation()
  const [params, setParams] = useUrlParams()
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'account'
  const profile = useQuery({ queryKey: profileKeys.profile, queryFn: getProfile })
  const p = profile.data

  return (
    <Page title={t('routes.users-profile')} breadcrumbs={[]}>
      <Card.Root variant="outline">
        <Card.Body>
          {p ? (
            <Flex gap="4" align="center">
              <Avatar.Root size="lg" colorPalette="brand" variant="solid">
                <Avatar.Fallback>{initials(`${p.firstName} ${p.lastName}`)}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap="0">
                <Text fontWeight="semibold" fontSize="lg">
                  {p.firstName} {p.lastName}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {[roleName(t, p.roleKey, p.roleName), p.teamName, p.officeName].filter(Boolean).join(' · ')} · {p.email}
                </Text>
              </Stack>
            </Flex>
          ) : (
            <Skeleton h="12" />
          )}
        </Card.Body>
      </Card.Root>
      <Tabs.Root value={tab} onValueChange={(e) => setParams({ tab: e.value }, { replace: true })} colorPalette="brand" lazyMount>
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Trigger key={x} value={x}>
              {t(`profile.tabs.${x}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="account">{p ? <AccountForm key={p.id} profile={p} /> : <Skeleton h="40" />}</Tabs.Content>
        <Tabs.Content value="security">
          <SecurityTab />
        </Tabs.Content>
        <Tabs.Content value="preferences" maxW="xl">
          <PreferencesForm />
          <StorageCard />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationSettingsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  )
}
