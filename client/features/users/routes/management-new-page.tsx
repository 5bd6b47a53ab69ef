import { Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../components/ui/page'
import { NewUserAction } from '../components/create-user-dialog'
import { ImportUsersAction } from '../components/import-users-dialog'
import { UsersTable } from '../components/users-table'

/** How far back "new" reaches: the onboarding period (decision 033). */
export const NEW_USER_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** /user-admin/management/new: onboarding, the users created in the last 30 days and whether they have signed in. */
export default function ManagementNewPage() {
  const { t } = useTranslation()
  // From the start of the day 30 days ago: the same statement and cache key all day.
  const [since] = useState(() => {
    const d = new Date(Date.now() - NEW_USER_DAYS * DAY_MS)
    d.setHours(0, 0, 0, 0)
    return d.getTime()
  })
  return (
    <Page title={t('routes.user-admin-management-new')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Text color="fg.muted" fontSize="sm">
        {t('userAdmin.management.newIntro', { days: NEW_USER_DAYS })}
      </Text>
      <UsersTable
        variant="new"
        label={t('routes.user-admin-management-new')}
        createdSince={since}
        empty={t('userAdmin.management.emptyNew', { days: NEW_USER_DAYS })}
        toolbar={
          <>
            <ImportUsersAction />
            <NewUserAction />
          </>
        }
      />
    </Page>
  )
}
