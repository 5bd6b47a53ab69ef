import { Badge, Link as ChakraLink, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { roleName } from '../../../lib/role-name'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteTeam } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { TeamDialog } from '../components/team-dialog'
import { ChildTableCard, DetailActions, RecordLink } from '../../../components/ui/detail-kit'
import { SectionCard } from '../../../components/ui/section-card'
import { useRefreshOrgTeam, useRefreshOrgTeams, useTeam } from '../api/org-queries'

const LOGGED = ['name', 'office', 'coaches', 'provider'] as const

/** /user-admin/teams/:id: a team's office, coaches and members, with edit, delete and its activity log (decision 036). */
export default function TeamPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const refreshOrgTeam = useRefreshOrgTeam()
  const refreshOrgTeams = useRefreshOrgTeams()
  const team = useTeam(id)
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
            <DetailActions
              actions={[
                { label: t('orgAdmin.teams.edit'), show: x.may.edit, onClick: () => setDialog('edit') },
                { label: t('orgAdmin.teams.delete'), show: x.may.delete, danger: true, onClick: () => setDialog('delete') },
              ]}
            />
            <SectionCard title={t('orgAdmin.teams.coaches')}>
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
            </SectionCard>
            <ChildTableCard
              title={t('orgAdmin.teams.members')}
              rows={x.members}
              rowKey={(m) => m.id}
              empty={t('orgAdmin.teams.noMembers')}
              testId="team-members"
              columns={[
                { header: t('users.name'), cell: (m) => <RecordLink to={pathFor('user-admin-users-id', { id: m.id })}>{m.name}</RecordLink> },
                { header: t('users.email'), hideBelow: 'md', cell: (m) => m.email },
                { header: t('users.role'), cell: (m) => roleName(t, m.roleKey, m.roleName) },
                { header: t('userAdmin.columns.title'), hideBelow: 'sm', cell: (m) => m.title ?? '–' },
              ]}
            />
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
                snackbar.success(t('orgAdmin.teams.saved', { name }))
                void refreshOrgTeam(id)
                void refreshOrgTeams()
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
              snackbar.success(t('orgAdmin.teams.deleted', { name: x.name }))
              void refreshOrgTeams()
              void navigate(pathFor('user-admin-teams'))
            }}
            onClose={() => setDialog(null)}
          />
        </Page>
      )}
    </DetailState>
  )
}
