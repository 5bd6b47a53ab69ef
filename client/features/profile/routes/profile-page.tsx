import { Avatar, Box, Card, Flex, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { initials } from '../../../../shared/format'
import { Page } from '../../../components/ui/page'
import { PreferencesForm } from '../../../components/ui/preferences-form'
import { AccountForm } from '../components/account-form'
import { NotificationSettingsTab } from '../components/notification-settings-tab'
import { SecurityTab } from '../components/security-tab'
import { StorageCard } from '../components/storage-card'
import { roleName } from '../../../lib/role-name'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { useProfile } from '../api/profile-queries'

const TABS = ['account', 'security', 'preferences', 'notifications'] as const

/** /users/profile: the signed-in user's own account, security, preferences and notification settings, one tab each (kept in the URL). */
export default function ProfilePage() {
  const { t } = useTranslation()
  const profile = useProfile()
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
      <AddressTabs
        tabs={TABS}
        keepMounted
        label={(k) => t(`profile.tabs.${k}`)}
        panels={{
          account: p ? <AccountForm key={p.id} profile={p} /> : <Skeleton h="40" />,
          security: <SecurityTab />,
          preferences: (
            <Box maxW="xl">
              <PreferencesForm />
              <StorageCard />
            </Box>
          ),
          notifications: <NotificationSettingsTab />,
        }}
      />
    </Page>
  )
}
