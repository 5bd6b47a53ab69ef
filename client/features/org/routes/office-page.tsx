import { Badge, Button, Card, HStack, Link as ChakraLink, Stack, Table, Text, Wrap } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteOffice, getOffice } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { OfficeDialog } from '../components/office-dialog'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { orgKeys } from '../api/org-keys'

const LOGGED = ['name', 'region'] as const

/**
 * /user-admin/offices/:id: an office's region, its teams (those the reader may see, with active members and the
 * provider each sells for), edit, delete, and its activity log (decision 036).
 */
export default function OfficePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const office = useQuery({ queryKey: orgKeys.office(id), queryFn: ({ signal }) => getOffice(id, signal), retry: false })
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-offices'), to: pathFor('user-admin-offices') }]
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: orgKeys.office(id) })
    void queryClient.invalidateQueries({ queryKey: orgKeys.offices })
    void queryClient.invalidateQueries({ queryKey: orgKeys.regions })
    void queryClient.invalidateQueries({ queryKey: lookupKeys.kind('offices') })
  }

  return (
    <DetailState query={office} title={t('routes.user-admin-offices-id')} breadcrumbs={crumbs} notFound={t('orgAdmin.offices.notFound')}>
      {(x) => (
        <Page title={x.name} breadcrumbs={crumbs}>
          <Stack gap="4">
            <Wrap gap="2" align="center">
              <Badge variant="outline" asChild>
                <Link to={pathFor('user-admin-regions-id', { id: x.regionId })}>{x.regionName}</Link>
              </Badge>
              <Badge variant="subtle" data-testid="office-counts">
                {t('orgAdmin.offices.teams')}: {x.teamCount} · {t('orgAdmin.offices.users')}: {x.userCount}
              </Badge>
            </Wrap>
            {x.may.edit || x.may.delete ? (
              <HStack gap="2">
                {x.may.edit ? (
                  <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                    {t('orgAdmin.offices.edit')}
                  </Button>
                ) : null}
                {x.may.delete ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
                    {t('orgAdmin.offices.delete')}
                  </Button>
                ) : null}
              </HStack>
            ) : null}
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  {t('orgAdmin.offices.teams')} ({x.teams.length})
                </Card.Title>
              </Card.Header>
              <Card.Body>
                {x.teams.length === 0 ? (
                  <Text color="fg.muted">{t('orgAdmin.offices.noTeams')}</Text>
                ) : (
                  <Table.ScrollArea>
                    <Table.Root size="sm" data-testid="office-teams">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{t('orgAdmin.teams.name')}</Table.ColumnHeader>
                          <Table.ColumnHeader hideBelow="sm">{t('orgAdmin.teams.provider')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{t('orgAdmin.offices.members')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {x.teams.map((team) => (
                          <Table.Row key={team.id}>
                            <Table.Cell>
                              <ChakraLink asChild>
                                <Link to={pathFor('user-admin-teams-id', { id: team.id })}>{team.name}</Link>
                              </ChakraLink>
                            </Table.Cell>
                            <Table.Cell hideBelow="sm">{team.providerName ?? '–'}</Table.Cell>
                            <Table.Cell textAlign="end">{team.memberCount}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                )}
              </Card.Body>
            </Card.Root>
            <ActivityLog
              lines={x.activity}
              testId="office-log"
              fieldLabel={(k) => ((LOGGED as readonly string[]).includes(k) ? t(`orgAdmin.offices.${k}`) : undefined)}
            />
          </Stack>
          {dialog === 'edit' ? (
            <OfficeDialog
              office={x}
              onClose={() => setDialog(null)}
              onConflict={() => void office.refetch()}
              onSaved={(message) => {
                snackbar.show(message, { color: 'success', icon: 'success' })
                changed()
              }}
            />
          ) : null}
          <ConfirmDeleteDialog
            open={dialog === 'delete'}
            title={t('orgAdmin.offices.deleteTitle', { name: x.name })}
            text={t('orgAdmin.offices.deleteText')}
            blocked={x.teamCount > 0 ? t('orgAdmin.offices.deleteBlocked', { count: x.teamCount }) : null}
            deleteLabel={t('orgAdmin.offices.delete')}
            testId="delete-office"
            onDelete={async () => {
              await deleteOffice(x.id)
              snackbar.show(t('orgAdmin.offices.deleted', { name: x.name }), { color: 'success', icon: 'success' })
              changed()
              void navigate(pathFor('user-admin-offices'))
            }}
            onClose={() => setDialog(null)}
          />
        </Page>
      )}
    </DetailState>
  )
}
