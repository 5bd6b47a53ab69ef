import { Button } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { NewUserAction } from '../components/create-user-dialog'
import { ImportUsersAction } from '../components/import-users-dialog'
import { UsersTable } from '../components/users-table'

/** /user-admin/users: the users this account may see (rule conditions apply on the server), with filters and bulk actions. */
export default function UsersPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  return (
    <Page title={t('routes.user-admin-users')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <UsersTable
        variant="all"
        label={t('routes.user-admin-users')}
        toolbar={
          <>
            {ability.can('update', 'users') ? (
              <>
                <Button asChild size="sm" variant="outline">
                  <Link to={pathFor('user-admin-users-notifications')}>{t('routes.user-admin-users-notifications')}</Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link to={pathFor('user-admin-users-deviations')}>{t('routes.user-admin-users-deviations')}</Link>
                </Button>
              </>
            ) : null}
            <ImportUsersAction />
            <NewUserAction />
          </>
        }
      />
    </Page>
  )
}
