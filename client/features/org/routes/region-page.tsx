import { Badge, Button, Card, HStack, Link as ChakraLink, Stack, Table, Text, Wrap } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { REGION_NAME_MAX } from '../../../../shared/schemas/org'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteRegion, getRegion, updateRegion } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { NameDialog } from '../../../components/ui/named-list'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { orgKeys } from '../api/org-keys'

/** /user-admin/regions/:id: a region's offices (with teams and active people), rename, delete and its log (decision 036). */
export default function RegionPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const region = useQuery({ queryKey: orgKeys.region(id), queryFn: ({ signal }) => getRegion(id, signal), retry: false })
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-regions'), to: pathFor('user-admin-regions') }]
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: orgKeys.region(id) })
    void queryClient.invalidateQueries({ queryKey: orgKeys.regions })
    void queryClient.invalidateQueries({ queryKey: orgKeys.offices })
    void queryClient.invalidateQueries({ queryKey: lookupKeys.kind('regions') })
  }

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
            {x.may.edit || x.may.delete ? (
              <HStack gap="2">
                {x.may.edit ? (
                  <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                    {t('orgAdmin.regions.edit')}
                  </Button>
                ) : null}
                {x.may.delete ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
                    {t('orgAdmin.regions.delete')}
                  </Button>
                ) : null}
              </HStack>
            ) : null}
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  {t('orgAdmin.regions.offices')} ({x.offices.length})
                </Card.Title>
              </Card.Header>
              <Card.Body>
                {x.offices.length === 0 ? (
                  <Text color="fg.muted">{t('orgAdmin.regions.noOffices')}</Text>
                ) : (
                  <Table.ScrollArea>
                    <Table.Root size="sm" data-testid="region-offices">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{t('orgAdmin.offices.name')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{t('orgAdmin.offices.teams')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{t('orgAdmin.offices.users')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {x.offices.map((o) => (
                          <Table.Row key={o.id}>
                            <Table.Cell>
                              <ChakraLink asChild>
                                <Link to={pathFor('user-admin-offices-id', { id: o.id })}>{o.name}</Link>
                              </ChakraLink>
                            </Table.Cell>
                            <Table.Cell textAlign="end">{o.teamCount}</Table.Cell>
                            <Table.Cell textAlign="end">{o.userCount}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                )}
              </Card.Body>
            </Card.Root>
            <ActivityLog lines={x.activity} testId="region-log" fieldLabel={(k) => (k === 'name' ? t('orgAdmin.regions.name') : undefined)} />
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
                snackbar.show(message, { color: 'success', icon: 'success' })
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
              snackbar.show(t('orgAdmin.regions.deleted', { name: x.name }), { color: 'success', icon: 'success' })
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
