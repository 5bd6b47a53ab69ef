import { Badge, Card, Field, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { REGION_COUNTRIES, REGION_NAME_MAX, type RegionCountry } from '../../../../shared/schemas/org'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteRegion, getRegion, setRegionCountry, updateRegion } from '../api/org-api'
import { errorText } from '../../../lib/api-client'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { NameDialog } from '../../../components/ui/named-list'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { orgKeys } from '../api/org-keys'
import { ChildTableCard, DetailActions, RecordLink } from '../../../components/ui/detail-kit'
import { useRecord } from '../../../lib/use-record'
import { Choices } from '../../../components/ui/choices'

/** /user-admin/regions/:id: a region's offices (with teams and active people), rename, delete and its log (decision 036). */
export default function RegionPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { query: region, refresh: changed } = useRecord(orgKeys.region, getRegion, [orgKeys.regions, orgKeys.offices, lookupKeys.kind('regions')])
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-regions'), to: pathFor('user-admin-regions') }]

  return (
    <DetailState query={region} title={t('routes.user-admin-regions-id')} breadcrumbs={crumbs} notFound={t('orgAdmin.regions.notFound')}>
      {(x) => (
        <Page title={x.name} breadcrumbs={crumbs}>
          <Stack gap="4">
            <Wrap gap="2">
              <Badge variant="subtle" data-testid="region-counts">
                {t('orgAdmin.regions.offices')}: {x.officeCount} · {t('orgAdmin.regions.teams')}: {x.teamCount} · {t('orgAdmin.regions.users')}: {x.userCount}
              </Badge>
            </Wrap>
            <DetailActions
              actions={[
                { label: t('orgAdmin.regions.edit'), show: x.may.edit, onClick: () => setDialog('edit') },
                { label: t('orgAdmin.regions.delete'), show: x.may.delete, danger: true, onClick: () => setDialog('delete') },
              ]}
            />
            <Card.Root>
              <Card.Body>
                <Field.Root maxW="sm" disabled={!x.may.edit}>
                  <Field.Label>{t('orgAdmin.regions.country')}</Field.Label>
                  <Choices
                    size="sm"
                    data-testid="region-country"
                    value={x.country}
                    onChange={(e) =>
                      void setRegionCountry(x.id, e.target.value as RegionCountry).then(
                        () => {
                          snackbar.success(t('orgAdmin.regions.countrySaved'))
                          changed()
                        },
                        (err: unknown) => snackbar.error(errorText(err, t)),
                      )
                    }
                    options={REGION_COUNTRIES.map((c) => ({ value: c, label: t(`orgAdmin.regions.countries.${c}`) }))}
                  />
                  <Text fontSize="sm" color="fg.muted">
                    {t('orgAdmin.regions.countryHint')}
                  </Text>
                </Field.Root>
              </Card.Body>
            </Card.Root>
            <ChildTableCard
              title={t('orgAdmin.regions.offices')}
              rows={x.offices}
              rowKey={(o) => o.id}
              empty={t('orgAdmin.regions.noOffices')}
              testId="region-offices"
              columns={[
                { header: t('orgAdmin.offices.name'), cell: (o) => <RecordLink to={pathFor('user-admin-offices-id', { id: o.id })}>{o.name}</RecordLink> },
                { header: t('orgAdmin.offices.teams'), end: true, cell: (o) => o.teamCount },
                { header: t('orgAdmin.offices.users'), end: true, cell: (o) => o.userCount },
              ]}
            />
            <ActivityLog
              lines={x.activity}
              testId="region-log"
              fieldLabel={(k) => (k === 'name' ? t('orgAdmin.regions.name') : k === 'country' ? t('orgAdmin.regions.country') : undefined)}
            />
          </Stack>
          {dialog === 'edit' ? (
            <NameDialog
              keys="orgAdmin.regions"
              existing={x}
              nameMax={REGION_NAME_MAX}
              testId="region-dialog"
              save={async (existing, name) => {
                const saved = await updateRegion(x.id, { name, basedOn: existing?.name ?? x.name })
                return { ...x, name: saved.name }
              }}
              onClose={() => setDialog(null)}
              onSaved={(message) => {
                snackbar.success(message)
                changed()
              }}
              onConflict={() => void region.refetch()}
            />
          ) : null}
          <ConfirmDeleteDialog
            open={dialog === 'delete'}
            title={t('orgAdmin.regions.deleteTitle', { name: x.name })}
            text={t('orgAdmin.regions.deleteText')}
            blocked={x.officeCount > 0 ? t('orgAdmin.regions.deleteBlocked', { count: x.officeCount }) : null}
            deleteLabel={t('orgAdmin.regions.delete')}
            testId="delete-region"
            onDelete={async () => {
              await deleteRegion(x.id)
              snackbar.success(t('orgAdmin.regions.deleted', { name: x.name }))
              changed()
              void navigate(pathFor('user-admin-regions'))
            }}
            onClose={() => setDialog(null)}
          />
        </Page>
      )}
    </DetailState>
  )
}
