import { Badge, Button, Text, Wrap } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { StoredRule } from '../../../../shared/permissions/ability'
import { outranks } from '../../../../shared/permissions/grant'
import { pathFor } from '../../../../shared/routes'
import { type UserDetail } from '../../../../shared/schemas/users'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { deactivateUser, reactivateUser, resetMfa } from '../api/users-api'
import { startImpersonation } from '../../../lib/impersonation'
import { confirm } from '../../../lib/confirm-store'
import { EditUserDialog } from '../components/edit-user-dialog'
import { DeactivateDialog } from '../components/user-action-dialogs'
import { DirectPermissionsDialog } from '../components/direct-permissions-dialog'
import { UserEmploymentTab, UserLogTab, UserOverviewTab, UserPermissionsTab, UserPersonalTab } from '../components/user-tabs'
import { usersKeys } from '../api/users-keys'
import { Notice } from '../../../components/ui/notice'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { useRefreshUsers, useUser } from '../api/users-queries'

const TABS = ['overview', 'employment', 'personal', 'permissions', 'log'] as const

/**
 * /user-admin/users/:id: a user in tabs (overview, employment, their own details, permissions, log), with edit,
 * deactivate and reactivate for those who may, and the sensitive fields masked until asked for (logged).
 */
export default function UserPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const refreshUsers = useRefreshUsers()
  const ability = useAbility()
  const [dialog, setDialog] = useState<'edit' | 'deactivate' | 'permissions' | null>(null)
  const user = useUser(id)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-users'), to: pathFor('user-admin-users') }]

  const saved = (u: UserDetail, message: string) => {
    queryClient.setQueryData(usersKeys.user.detail(id), u)
    void refreshUsers()
    setDialog(null)
    snackbar.success(message)
  }
  const reload = () => {
    setDialog(null)
    void user.refetch()
  }
  const failed = (err: unknown) => snackbar.error(errorText(err, t))

  const resetMfaOf = async (u: UserDetail) => {
    const ok = await confirm({
      title: t('userAdmin.detail.mfaResetTitle', { name: u.fullName }),
      text: t('userAdmin.detail.mfaResetText', { name: u.fullName }),
      confirmLabel: t('userAdmin.detail.mfaReset'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) await resetMfa(u.id, u.version).then((next) => saved(next, t('userAdmin.detail.mfaResetDone', { name: u.fullName })), failed)
  }

  const impersonate = async (u: UserDetail) => {
    const ok = await confirm({
      title: t('impersonation.confirmTitle', { name: u.fullName }),
      text: t('impersonation.confirmBody', { name: u.fullName }),
      confirmLabel: t('impersonation.confirm', { name: u.fullName }),
      cancelLabel: t('table.cancel'),
    })
    if (ok) await startImpersonation(u.id).catch(failed)
  }

  return (
    <DetailState query={user} title={t('routes.user-admin-users-id')} breadcrumbs={crumbs} notFound={t('userAdmin.detail.notFound')}>
      {(u) => (
        <Page title={u.fullName} breadcrumbs={crumbs}>
          <Wrap gap="2" align="center">
            <Badge variant="subtle">{roleName(t, u.roleKey, u.roleName)}</Badge>
            {u.teamName ? <Badge variant="outline">{u.teamName}</Badge> : null}
            <Badge colorPalette={u.active ? 'green' : 'gray'} variant="subtle">
              {u.active ? t('table.active') : t('userAdmin.detail.former')}
            </Badge>
          </Wrap>
          {!u.active && u.deactivatedAt ? (
            <Notice status="warning" title={t('userAdmin.detail.formerSince', { date: u.deactivatedAt, reason: u.deactivationReason ?? '' })} />
          ) : null}
          {u.may.edit || u.may.impersonate ? (
            <Wrap gap="2">
              {u.may.edit ? (
                <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                  {t('userAdmin.detail.edit')}
                </Button>
              ) : null}
              {u.may.impersonate ? (
                <Button size="sm" variant="outline" onClick={() => void impersonate(u)} data-testid="impersonate">
                  {t('impersonation.start')}
                </Button>
              ) : null}
              {u.active && u.may.deactivate ? (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('deactivate')}>
                  {t('userAdmin.detail.deactivate')}
                </Button>
              ) : null}
              {!u.active && u.may.edit ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() =>
                    void reactivateUser(u.id, u.version).then((next) => saved(next, t('userAdmin.detail.reactivated', { name: u.fullName })), failed)
                  }
                >
                  {t('userAdmin.detail.reactivate')}
                </Button>
              ) : null}
            </Wrap>
          ) : ability.can('update', 'users') && outranks(ability, [...u.rules.role, ...u.rules.direct] as StoredRule[]) ? (
            <Text fontSize="sm" color="fg.muted">
              {t('userAdmin.detail.outranked')}
            </Text>
          ) : null}
          <AddressTabs
            tabs={TABS}
            keepMounted
            label={(k) => t(`userAdmin.detail.tabs.${k}`)}
            panels={{
              overview: <UserOverviewTab u={u} onResetMfa={() => void resetMfaOf(u)} />,
              employment: <UserEmploymentTab u={u} />,
              personal: <UserPersonalTab u={u} />,
              permissions: <UserPermissionsTab u={u} onEdit={() => setDialog('permissions')} />,
              log: <UserLogTab u={u} />,
            }}
          />
          {dialog === 'permissions' ? (
            <DirectPermissionsDialog
              user={u}
              onClose={() => setDialog(null)}
              onReload={reload}
              onSaved={(next) => saved(next, t('userAdmin.permissions.saved'))}
            />
          ) : null}
          {dialog === 'edit' ? (
            <EditUserDialog open user={u} onClose={() => setDialog(null)} onReload={reload} onSaved={(next) => saved(next, t('userAdmin.detail.saved'))} />
          ) : null}
          <DeactivateDialog
            open={dialog === 'deactivate'}
            onClose={() => setDialog(null)}
            title={t('userAdmin.detail.deactivateTitle', { name: u.fullName })}
            text={t('userAdmin.bulk.deactivateText')}
            onReload={reload}
            onConfirm={async (reason) => saved(await deactivateUser(u.id, reason, u.version), t('userAdmin.detail.deactivated', { name: u.fullName }))}
          />
        </Page>
      )}
    </DetailState>
  )
}
