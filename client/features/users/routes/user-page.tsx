import { Alert, Badge, Button, Card, DataList, HStack, Stack, Tabs, Text, Wrap } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { StoredRule } from '../../../../shared/permissions/ability'
import { outranks } from '../../../../shared/permissions/grant'
import { pathFor } from '../../../../shared/routes'
import { SENSITIVE_USER_FIELDS, type RevealedUserFields, type SensitiveUserField, type UserDetail } from '../../../../shared/schemas/users'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { deactivateUser, getUser, reactivateUser, resetMfa, revealUser } from '../api/users-api'
import { startImpersonation } from '../../../lib/impersonation'
import { confirm } from '../../../lib/confirm-store'
import { EditUserDialog } from '../components/edit-user-dialog'
import { DeactivateDialog } from '../components/user-action-dialogs'
import { DirectPermissionsDialog, previewRules } from '../components/direct-permissions-dialog'
import { ScreensPreview } from '../components/permission-picker'
import { UserExternalAccounts } from '../components/user-external-accounts'
import { useUrlParams } from '../../../lib/use-url-params'
import { usersKeys } from '../api/users-keys'

const TABS = ['overview', 'employment', 'personal', 'permissions', 'log'] as const
type Tab = (typeof TABS)[number]

/** The fields a log line of a user shows, by their labels (ids are shown by the names logged beside them). */
const LOGGED = [
  'email',
  'firstName',
  'lastName',
  'shortName',
  'phone',
  'employeeId',
  'title',
  'language',
  'driversLicense',
  'canViewTeam',
  'providers',
  'employmentDate',
  'educationDate',
  'coachAssignedDate',
  'personalNumber',
  'bankClearing',
  'bankAccount',
  'active',
] as const

/**
 * /user-admin/users/:id: a user in tabs (overview, employment, their own details, permissions, log), with edit,
 * deactivate and reactivate for those who may, and the sensitive fields masked until asked for (logged).
 */
export default function UserPage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const ability = useAbility()
  const [params, setParams] = useUrlParams()
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'overview'
  const [dialog, setDialog] = useState<'edit' | 'deactivate' | 'permissions' | null>(null)
  const [revealed, setRevealed] = useState<RevealedUserFields>({})
  const [revealing, setRevealing] = useState(false)
  const user = useQuery({ queryKey: usersKeys.user.detail(id), queryFn: ({ signal }) => getUser(id, signal), retry: false })
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-users'), to: pathFor('user-admin-users') }]

  const saved = (u: UserDetail, message: string) => {
    queryClient.setQueryData(usersKeys.user.detail(id), u)
    void queryClient.invalidateQueries({ queryKey: usersKeys.all })
    setDialog(null)
    snackbar.show(message, { color: 'success', icon: 'success' })
  }
  const reload = () => {
    setDialog(null)
    void user.refetch()
  }
  const failed = (err: unknown) =>
    snackbar.show(errorText(err, t), {
      color: 'error',
      icon: 'error',
    })

  const reveal = async (u: UserDetail) => {
    setRevealing(true)
    try {
      const fields = SENSITIVE_USER_FIELDS.filter((f) => u.sensitive?.[f])
      setRevealed(await revealUser(u.id, fields))
      void queryClient.invalidateQueries({ queryKey: usersKeys.user.detail(id) })
    } catch (err) {
      failed(err)
    } finally {
      setRevealing(false)
    }
  }

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

  const date = (ms: number | null) => (ms ? `${formatDate(ms, lang)} ${formatTime(ms, lang)}` : t('userAdmin.detail.none'))
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === null || value === undefined || value === '' ? t('userAdmin.detail.none') : value}</DataList.ItemValue>
    </DataList.Item>
  )
  const list = (children: ReactNode) => (
    <Card.Root>
      <Card.Body>
        <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm">
          {children}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  )
  const ruleText = (r: UserDetail['rules']['role'][number]) =>
    `${t(`rolesAdmin.actions.${r.action}`, { defaultValue: r.action })}: ${t(`rolesAdmin.subjects.${r.subject}`, { defaultValue: r.subject })}` +
    (r.scope && r.scope !== 'all' ? ` (${t(`rolesAdmin.scopes.${r.scope}`)})` : r.scope === null ? ` (${t('userAdmin.detail.customScope')})` : '')

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
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('userAdmin.detail.formerSince', { date: u.deactivatedAt, reason: u.deactivationReason ?? '' })}</Alert.Title>
            </Alert.Root>
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
          <Tabs.Root
            value={tab}
            onValueChange={(e) => setParams(e.value === 'overview' ? {} : { tab: e.value }, { replace: true })}
            variant="line"
            size={{ base: 'sm', md: 'md' }}
            lazyMount
          >
            <Tabs.List overflowX="auto" overflowY="hidden">
              {TABS.map((k) => (
                <Tabs.Trigger key={k} value={k} whiteSpace="nowrap">
                  {t(`userAdmin.detail.tabs.${k}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="overview">
              {list(
                <>
                  {item(t('userAdmin.fields.email'), u.email)}
                  {item(t('userAdmin.fields.phone'), u.phone)}
                  {item(t('userAdmin.fields.shortName'), u.shortName)}
                  {item(t('userAdmin.fields.roleId'), roleName(t, u.roleKey, u.roleName))}
                  {item(t('userAdmin.fields.teamId'), u.teamName)}
                  {item(t('userAdmin.filters.office'), u.officeName)}
                  {item(t('userAdmin.filters.region'), u.regionName)}
                  {u.coachedTeams.length > 0 ? item(t('userAdmin.detail.coaches'), u.coachedTeams.map((x) => x.name).join(', ')) : null}
                  {item(t('userAdmin.detail.language'), t(`userAdmin.detail.languages.${u.language ?? 'none'}`))}
                  {item(t('userAdmin.detail.created'), date(u.createdAt))}
                  {item(t('userAdmin.detail.lastSignIn'), u.lastSignInAt ? date(u.lastSignInAt) : t('userAdmin.neverSignedIn'))}
                  {u.mfa
                    ? item(
                        t('userAdmin.detail.mfa'),
                        <HStack gap="3" data-testid="user-mfa">
                          <Text as="span">{u.mfa.enabled ? t('userAdmin.detail.mfaOn') : t('userAdmin.detail.mfaOff')}</Text>
                          {u.mfa.enabled && u.may.resetMfa ? (
                            <Button size="xs" variant="outline" onClick={() => void resetMfaOf(u)}>
                              {t('userAdmin.detail.mfaReset')}
                            </Button>
                          ) : null}
                        </HStack>,
                      )
                    : null}
                </>,
              )}
            </Tabs.Content>
            <Tabs.Content value="employment">
              <Stack gap="4">
                {list(
                  <>
                    {item(t('userAdmin.fields.title'), u.title)}
                    {item(t('userAdmin.fields.employeeId'), u.employeeId)}
                    {item(t('userAdmin.fields.employmentDate'), u.employmentDate ? formatDate(u.employmentDate, lang) : null)}
                    {item(t('userAdmin.fields.educationDate'), u.educationDate ? formatDate(u.educationDate, lang) : null)}
                    {item(t('userAdmin.fields.coachAssignedDate'), u.coachAssignedDate ? formatDate(u.coachAssignedDate, lang) : null)}
                    {item(t('userAdmin.fields.driversLicense'), u.driversLicense ? t('userAdmin.detail.yes') : t('userAdmin.detail.no'))}
                    {item(t('userAdmin.fields.canViewTeam'), u.canViewTeam ? t('userAdmin.detail.yes') : t('userAdmin.detail.no'))}
                    {item(
                      t('userAdmin.fields.providers'),
                      <span data-testid="user-providers">
                        {u.providers.length > 0
                          ? u.providers.map((p) => (p.active ? p.name : t('orgAdmin.teams.providerArchived', { name: p.name }))).join(', ')
                          : t('userAdmin.fields.noProviders')}
                      </span>,
                    )}
                    {item(
                      t('userAdmin.fields.teamProvider'),
                      u.teamProvider
                        ? u.teamProvider.active
                          ? u.teamProvider.name
                          : t('orgAdmin.teams.providerArchived', { name: u.teamProvider.name })
                        : null,
                    )}
                  </>,
                )}
                <Card.Root data-testid="user-sensitive">
                  <Card.Header>
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Card.Title>{t('userAdmin.detail.sensitive')}</Card.Title>
                      {u.sensitive && SENSITIVE_USER_FIELDS.some((f) => u.sensitive?.[f]) ? (
                        Object.keys(revealed).length > 0 ? (
                          <Badge colorPalette="orange">{t('userAdmin.detail.shown')}</Badge>
                        ) : (
                          <Button size="xs" variant="outline" loading={revealing} onClick={() => void reveal(u)}>
                            {t('userAdmin.detail.show')}
                          </Button>
                        )
                      ) : null}
                    </HStack>
                    <Card.Description>{t('userAdmin.detail.sensitiveHelp')}</Card.Description>
                  </Card.Header>
                  <Card.Body>
                    <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm">
                      {SENSITIVE_USER_FIELDS.map((f: SensitiveUserField) => (
                        <DataList.Item key={f}>
                          <DataList.ItemLabel>{t(`userAdmin.fields.${f}`)}</DataList.ItemLabel>
                          <DataList.ItemValue fontFamily="mono">
                            {u.sensitive === undefined ? t('userAdmin.detail.hidden') : (revealed[f] ?? u.sensitive[f] ?? t('userAdmin.detail.none'))}
                          </DataList.ItemValue>
                        </DataList.Item>
                      ))}
                    </DataList.Root>
                  </Card.Body>
                </Card.Root>
                {u.may.edit ? <UserExternalAccounts userId={u.id} userName={u.fullName} /> : null}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="personal">
              <Stack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {t('userAdmin.detail.ownHelp')}
                </Text>
                {list(
                  <>
                    {item(t('profile.shoeSize'), u.own.shoeSize)}
                    {item(t('profile.tshirtSize'), u.own.tshirtSize)}
                    {item(t('profile.specialDiet'), u.own.specialDiet)}
                    {item(t('profile.favouriteCake'), u.own.favouriteCake)}
                    {item(`${t('profile.emergencyContact')}: ${t('profile.iceName')}`, u.own.iceName)}
                    {item(`${t('profile.emergencyContact')}: ${t('profile.icePhone')}`, u.own.icePhone)}
                    {item(`${t('profile.emergencyContact')}: ${t('profile.iceRelation')}`, u.own.iceRelation)}
                  </>,
                )}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="permissions">
              <Stack gap="4">
                <Card.Root>
                  <Card.Header>
                    <Card.Title>{t('userAdmin.detail.roleRules', { role: roleName(t, u.roleKey, u.roleName) })}</Card.Title>
                  </Card.Header>
                  <Card.Body>
                    <RuleBadges rules={u.rules.role} text={ruleText} testId="user-role-rules" />
                  </Card.Body>
                </Card.Root>
                <Card.Root>
                  <Card.Header>
                    <HStack justify="space-between" gap="2" wrap="wrap">
                      <Card.Title>{t('userAdmin.detail.directRules')}</Card.Title>
                      {u.may.edit ? (
                        <Button size="sm" variant="outline" onClick={() => setDialog('permissions')}>
                          {t('userAdmin.permissions.edit')}
                        </Button>
                      ) : null}
                    </HStack>
                  </Card.Header>
                  <Card.Body>
                    {u.rules.direct.length === 0 ? (
                      <Text color="fg.muted">{t('userAdmin.detail.noDirect')}</Text>
                    ) : (
                      <RuleBadges rules={u.rules.direct} text={ruleText} colour="blue" testId="user-direct-rules" />
                    )}
                  </Card.Body>
                </Card.Root>
                <Card.Root>
                  <Card.Body>
                    <ScreensPreview
                      rules={[...previewRules(u.rules.role), ...previewRules(u.rules.direct)]}
                      title={t('userAdmin.permissions.screens')}
                      testId="user-screens"
                    />
                  </Card.Body>
                </Card.Root>
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="log">
              <ActivityLog
                lines={u.activity}
                testId="user-log"
                fieldLabel={(k) =>
                  k === 'role'
                    ? t('userAdmin.fields.roleId')
                    : k === 'team'
                      ? t('userAdmin.fields.teamId')
                      : k === 'fields'
                        ? t('userAdmin.detail.sensitive')
                        : (LOGGED as readonly string[]).includes(k)
                          ? t(`userAdmin.fields.${k}`)
                          : undefined
                }
                formatValue={(k, v) =>
                  k === 'fields' && Array.isArray(v)
                    ? v.map((f) => t(`userAdmin.fields.${String(f)}`)).join(', ')
                    : k === 'language' && typeof v === 'string'
                      ? t(`userAdmin.detail.languages.${v}`)
                      : k === 'providers' && Array.isArray(v)
                        ? v.length > 0
                          ? v.join(', ')
                          : '–'
                        : undefined
                }
              />
            </Tabs.Content>
          </Tabs.Root>
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

/** A user's rules as badges; a denied one in red. */
function RuleBadges(props: { rules: UserDetail['rules']['role']; text: (r: UserDetail['rules']['role'][number]) => string; colour?: string; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Wrap gap="1.5" data-testid={props.testId}>
      {props.rules.map((r, i) => (
        <Badge key={i} variant="subtle" colorPalette={r.inverted ? 'red' : (props.colour ?? 'gray')}>
          {props.text(r)}
          {r.inverted ? ` – ${t('userAdmin.detail.denied')}` : ''}
        </Badge>
      ))}
    </Wrap>
  )
}
