import { Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { TITLE_MAX } from '../../../../shared/schemas/users'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { createTitle, deleteTitle, renameTitle } from '../api/users-api'
import { NamedList } from '../../../components/ui/named-list'
import { useRefreshUsersTitleItems, useRefreshUsersTitles, useTitleItems } from '../api/users-queries'

/**
 * /user-admin/user-titles: the organisation's user titles with how many hold each (decision 040). Those who may
 * update titles add, rename (on everyone holding it) and delete them; a title someone holds is not deleted.
 */
export default function TitlesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshUsersTitleItems = useRefreshUsersTitleItems()
  const refreshUsersTitles = useRefreshUsersTitles()
  const titles = useTitleItems()
  const may = ability.can('update', 'titles')
  return (
    <Page title={t('routes.user-admin-user-titles')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm" maxW="2xl">
          {t('titlesAdmin.intro')}
        </Text>
        <NamedList
          keys="titlesAdmin"
          label={t('routes.user-admin-user-titles')}
          rows={titles}
          counts={[{ header: t('titlesAdmin.people'), value: (r) => r.userCount }]}
          may={{ create: may, update: may, delete: may }}
          holds={(r) => r.userCount}
          nameMax={TITLE_MAX}
          testId="title"
          save={(existing, name) => (existing ? renameTitle(existing.id, name, existing.name) : createTitle(name))}
          remove={(r) => deleteTitle(r.id)}
          onChanged={() => {
            void refreshUsersTitleItems()
            void refreshUsersTitles()
          }}
        />
      </Stack>
    </Page>
  )
}
