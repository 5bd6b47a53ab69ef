import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { pathFor } from '../../../../shared/routes'
import { REGION_NAME_MAX } from '../../../../shared/schemas/org'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { createRegion, deleteRegion, updateRegion } from '../api/org-api'
import { NamedList } from '../../../components/ui/named-list'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { useRefreshOrgRegions, useRegions } from '../api/org-queries'

/**
 * /user-admin/regions: the organisation's regions with their offices, teams and active people (decision 036).
 * Those who may create, rename and delete regions get those actions; a region with offices is not deleted.
 */
export default function RegionsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const refreshOrgRegions = useRefreshOrgRegions()
  const regions = useRegions()
  return (
    <Page title={t('routes.user-admin-regions')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <NamedList
        keys="orgAdmin.regions"
        label={t('routes.user-admin-regions')}
        rows={regions}
        counts={[
          { header: t('orgAdmin.regions.offices'), value: (r) => r.officeCount },
          { header: t('orgAdmin.regions.teams'), value: (r) => r.teamCount, hideBelow: 'sm' },
          { header: t('orgAdmin.regions.users'), value: (r) => r.userCount, hideBelow: 'sm' },
        ]}
        may={{ create: ability.can('create', 'regions'), update: ability.can('update', 'regions'), delete: ability.can('delete', 'regions') }}
        holds={(r) => r.officeCount}
        nameMax={REGION_NAME_MAX}
        testId="region"
        save={(existing, name) => (existing ? updateRegion(existing.id, { name, basedOn: existing.name }) : createRegion({ name }))}
        remove={(r) => deleteRegion(r.id)}
        href={(r) => pathFor('user-admin-regions-id', { id: r.id })}
        onChanged={() => {
          void refreshOrgRegions()
          void queryClient.invalidateQueries({ queryKey: lookupKeys.kind('regions') })
        }}
      />
    </Page>
  )
}
