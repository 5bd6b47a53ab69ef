import { Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../components/ui/page'
import { UsersTable } from '../components/users-table'

/** /user-admin/management/former: deactivated users, latest first, with when and why; their page reactivates. */
export default function ManagementFormerPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('routes.user-admin-management-former')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Text color="fg.muted" fontSize="sm">
        {t('userAdmin.management.formerIntro')}
      </Text>
      <UsersTable variant="former" label={t('routes.user-admin-management-former')} empty={t('userAdmin.management.emptyFormer')} />
    </Page>
  )
}
