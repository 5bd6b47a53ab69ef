import { Badge, Button, Card, HStack, Link as ChakraLink, Stack, Table, Text, Wrap } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { roleName } from '../../../lib/role-name'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteTeam, getTeam } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { TeamDialog } from '../components/team-dialog'
import { orgKeys } from '../api/org-keys'

const LOGGED = ['name', 'office', 'coaches', 'provider'] as const

/** /user-admin/teams/:id: a team's office, coaches and members, with edit, delete and its activity log (decision 036). */
export default function TeamPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const team = useQuery({ queryKey: orgKeys.team(id), queryFn: ({ signal }) => getTeam(id, signal), retry: false })
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-teams'), to: pathFor('user-admin-teams') }]

  return (
    <DetailState query={team} title={t('routes.user-admin-teams-id')} breadcrumbs={crumbs} notFound={t('orgAdmin.teams.notFound')}>
      {(x) => (
        <Page title={x.name} breadcrumbs={crumbs}>
          <Stack gap="4">
            <Wrap gap="2" align="center">
              <Badge variant="subtle">{x.officeName}</Badge>
              <Badge variant="outline">{x.regionName}</Badge>
              <Badge variant="outline" colorPalette={x.provider ? 'brand' : 'gray'} data-testid="team-provider">
                {t('orgAdmin.teams.provider')}:{' '}
                {x.provider
                  ? x.provider.active
                    ? x.provider.name
                    : t('orgAdmin.teams.providerArchived', { name: x.provider.name })
                  : t('orgAdmin.teams.noProvider')}
              </Badge>
            </Wrap>
            {x.may.edit || x.may.delete ? (
              <HStack gap="2">
                {x.may.edit ? (
                  <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                    {t('orgAdmin.teams.edit')}
                  </Button>
                ) : null}
                {x.may.delete ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
                    {t('orgAdmin.teams.delete')}
                  </Button>
                ) : null}
              </HStack>
            ) : null}
            <Card.Root>
              <Card.Header>
                <Card.Title>{t('orgAdmin.teams.coaches')}</Card.Title>
              </Card.Header>
              <Card.Body>
                {x.coaches.length === 0 ? (
                  <Text color="fg.muted">{t('orgAdmin.teams.noCoaches')}</Text>
                ) : (
                  <Wrap gap="2" data-testid="team-coaches">
                    {x.coaches.map((c) => (
                      <ChakraLink asChild key={c.id}>
                        <Link to={pathFor('user-admin-users-id', { id: c.id })}>{c.name}</Link>
                      </ChakraLink>
                    ))}
                  </Wrap>
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  {t('orgAdmin.teams.members')} ({x.members.length})
                </Card.Title>
              </Card.Header>
              <Card.Body>
                {x.members.length === 0 ? (
                  <Text color="fg.muted">{t('orgAdmin.teams.noMembers')}</Text>
                ) : (
                  <Table.ScrollArea>
                    <Table.Root size="sm" data-testid="team-members">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{t('users.name')}</Table.ColumnHeader>
                          <Table.ColumnHeader hideBelow="md">{t('users.email')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('users.role')}</Table.ColumnHeader>
                          <Table.ColumnHeader hideBelow="sm">{t('userAdmin.columns.title')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {x.members.map((m) => (
                          <Table.Row key={m.id}>
                            <Table.Cell>
                              <ChakraLink asChild>
                                <Link to={pathFor('user-admin-users-id', { id: m.id })}>{m.name}</Link>
                              </ChakraLink>
                            </Table.Cell>
                            <Table.Cell hideBelow="md">{m.email}</Table.Cell>
                            <Table.Cell>{roleName(t, m.roleKey, m.roleName)}</Table.Cell>
                            <Table.Cell hideBelow="sm">{m.title ?? '–'}</Table.Cell>
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
              testId="team-log"
              fieldLabel={(k) => ((LOGGED as readonly string[]).includes(k) ? t(`orgAdmin.teams.${k}`) : undefined)}
              formatValue={(k, v) => (k === 'coaches' && Array.isArray(v) ? (v.length > 0 ? v.join(', ') : '–') : undefined)}
            />
          </Stack>
          {dialog === 'edit' ? (
            <TeamDialog
              team={x}
              onClose={() => setDialog(null)}
              onConflict={() => void team.refetch()}
              onSaved={(_id, name) => {
                snackbar.show(t('orgAdmin.teams.saved', { name }), { color: 'success', icon: 'success' })
                void queryClient.invalidateQueries({ queryKey: orgKeys.team(id) })
                void queryClient.invalidateQueries({ queryKey: orgKeys.teams.all })
              }}
            />
          ) : null}
          <ConfirmDeleteDialog
            open={dialog === 'delete'}
            title={t('orgAdmin.teams.deleteTitle', { name: x.name })}
            text={t('orgAdmin.teams.deleteText')}
            blocked={x.members.length > 0 ? t('orgAdmin.teams.deleteBlocked', { count: x.members.length }) : null}
            deleteLabel={t('orgAdmin.teams.delete')}
            testId="delete-team"
            onDelete={async () => {
              await deleteTeam(x.id)
              snackbar.show(t('orgAdmin.teams.deleted', { name: x.name }), { color: 'success', icon: 'success' })
              void queryClient.invalidateQueries({ queryKey: orgKeys.teams.all })
              void navigate(pathFor('user-admin-teams'))
            }}
            onClose={() => setDialog(null)}
          />
        </Page>
      )}
    </DetailState>
  )
}
