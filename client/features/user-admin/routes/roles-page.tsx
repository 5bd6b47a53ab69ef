import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Dialog,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { buildAbility, type AppRawRule } from '../../../../shared/permissions/ability'
import { PERMISSIONS, SUBJECTS, type ActionOrManage, type Subject, type SubjectOrAll } from '../../../../shared/permissions/catalogue'
import { holdsRule } from '../../../../shared/permissions/grant'
import { DEFAULT_ROLES } from '../../../../shared/permissions/roles'
import { ruleOfScoped, scopesOf, type RoleScope } from '../../../../shared/permissions/scopes'
import { ROUTES } from '../../../../shared/routes'
import type { RoleDetail, RolePermission } from '../../../../shared/schemas/roles'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useDialogSize } from '../../../components/ui/dialog-size'
import { ApiClientError, applyFieldErrors } from '../../../lib/api-client'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createRole, deleteRole, rolesList, updateRole } from '../api/roles-api'

/**
 * /user-admin/roles: the roles and their permissions (docs/decisions/032). A permission is offered only to one who
 * holds it; a seeded role keeps its name, the admin role is locked; deleting a role with users moves them to
 * another role. Holders get the new rules at their next request.
 */
export default function RolesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: ['roles'], queryFn: ({ signal }) => rolesList(signal) })
  const [editing, setEditing] = useState<RoleDetail | 'new' | null>(null)
  const [deleting, setDeleting] = useState<RoleDetail | null>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['roles'] })
  const mayCreate = ability.can('create', 'roles')
  const mayUpdate = ability.can('update', 'roles')
  const mayDelete = ability.can('delete', 'roles')
  // Shown by their names in the reader's language, and a seeded role's untouched description translated too.
  const roles = [...(list.data?.items ?? [])].sort((a, b) => roleName(t, a.key, a.name).localeCompare(roleName(t, b.key, b.name)))
  const describe = (r: RoleDetail) =>
    r.system && DEFAULT_ROLES.some((d) => d.key === r.key && d.description === r.description) ? t(`rolesAdmin.descriptions.${r.key}`) : r.description

  return (
    <Page title={t('routes.user-admin-roles')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Flex gap="4" align={{ base: 'stretch', md: 'flex-start' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Text color="fg.muted" maxW="2xl">
          {t('rolesAdmin.intro')}
          {!mayCreate && !mayUpdate && !mayDelete ? ` ${t('rolesAdmin.readOnly')}` : ''}
        </Text>
        {mayCreate ? (
          <Button colorPalette="brand" onClick={() => setEditing('new')} flexShrink="0">
            {t('rolesAdmin.create')}
          </Button>
        ) : null}
      </Flex>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="32" borderRadius="md" />
          ))}
        </SimpleGrid>
      ) : roles.length === 0 ? (
        <Text color="fg.muted">{t('rolesAdmin.empty')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="roles">
          {roles.map((r) => {
            const name = roleName(t, r.key, r.name)
            return (
              <Card.Root key={r.id} data-testid="role-card" size="sm">
                <Card.Body gap="2">
                  <HStack justify="space-between" align="flex-start" gap="2">
                    <Text fontWeight="semibold" fontSize="md">
                      {name}
                    </Text>
                    <Wrap gap="1" justify="flex-end">
                      {r.locked ? (
                        <Badge colorPalette="orange" variant="subtle">
                          {t('rolesAdmin.locked')}
                        </Badge>
                      ) : r.system ? (
                        <Badge variant="subtle">{t('rolesAdmin.system')}</Badge>
                      ) : null}
                    </Wrap>
                  </HStack>
                  {r.description ? (
                    <Text color="fg.muted" fontSize="sm" lineClamp={2}>
                      {describe(r)}
                    </Text>
                  ) : null}
                  <Text fontSize="sm" data-testid="role-counts">
                    {t('rolesAdmin.users', { count: r.userCount })} · {t('rolesAdmin.permissionCount', { count: r.permissions.length + r.otherRules })}
                  </Text>
                </Card.Body>
                {(mayUpdate && !r.locked) || (mayDelete && !r.system) ? (
                  <Card.Footer gap="2" justifyContent="flex-end">
                    {mayUpdate && !r.locked ? (
                      <Button size="sm" variant="outline" onClick={() => setEditing(r)} aria-label={t('rolesAdmin.editTitle', { name })}>
                        {t('rolesAdmin.edit')}
                      </Button>
                    ) : null}
                    {mayDelete && !r.system ? (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(r)} aria-label={t('rolesAdmin.deleteTitle', { name })}>
                        {t('rolesAdmin.delete')}
                      </Button>
                    ) : null}
                  </Card.Footer>
                ) : null}
              </Card.Root>
            )
          })}
        </SimpleGrid>
      )}
      <RoleEditor
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        role={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          snackbar.show(message, { color: 'success', icon: 'success' })
          refresh()
        }}
        onConflict={refresh}
      />
      <DeleteRoleDialog
        role={deleting}
        roles={roles}
        onClose={() => setDeleting(null)}
        onDeleted={(message) => {
          snackbar.show(message, { color: 'success', icon: 'success' })
          refresh()
        }}
      />
    </Page>
  )
}

const pairKey = (action: string, subject: string) => `${action} ${subject}`

/** The catalogue's permissions by subject, in the catalogue's order. */
const BY_SUBJECT: Array<{ subject: Subject; actions: ActionOrManage[] }> = SUBJECTS.map((subject) => ({
  subject,
  actions: PERMISSIONS.filter((p) => p.subject === subject).map((p) => p.action),
})).filter((g) => g.actions.length > 0)

type EditorForm = { name: string; description: string }

function RoleEditor(props: { role: RoleDetail | 'new' | null; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const existing = props.role && props.role !== 'new' ? props.role : null
  const [chosen, setChosen] = useState<Map<string, RoleScope>>(() => new Map((existing?.permissions ?? []).map((p) => [pairKey(p.action, p.subject), p.scope])))
  const [filter, setFilter] = useState('')
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null)
  const [permissionError, setPermissionError] = useState<string | null>(null)
  const form = useForm<EditorForm>({ defaultValues: { name: existing?.name ?? '', description: existing?.description ?? '' } })
  const { errors, isSubmitting } = form.formState
  const held = (action: ActionOrManage, subject: SubjectOrAll) => holdsRule(ability, { action, subject })
  const someNotHeld = BY_SUBJECT.some((g) => g.actions.some((a) => !held(a, g.subject)))

  const label = (action: string, subject: string) => `${t(`rolesAdmin.actions.${action}`)}: ${t(`rolesAdmin.subjects.${subject}`)}`
  const needle = filter.trim().toLowerCase()
  const groups = needle
    ? BY_SUBJECT.filter((g) => t(`rolesAdmin.subjects.${g.subject}`).toLowerCase().includes(needle) || g.subject.includes(needle))
    : BY_SUBJECT

  const toggle = (action: ActionOrManage, subject: Subject, on: boolean) =>
    setChosen((m) => {
      const next = new Map(m)
      if (on) next.set(pairKey(action, subject), 'all')
      else next.delete(pairKey(action, subject))
      return next
    })
  const setScope = (action: ActionOrManage, subject: Subject, scope: RoleScope) => setChosen((m) => new Map(m).set(pairKey(action, subject), scope))

  const permissions = (): RolePermission[] =>
    [...chosen].map(([key, scope]) => {
      const [action, subject] = key.split(' ') as [string, string]
      return { action, subject, scope }
    })

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    setPermissionError(null)
    const input = {
      name: values.name,
      description: values.description,
      permissions: permissions() as never,
      ...(existing ? { basedOn: existing.updatedAt } : {}),
    }
    try {
      if (existing) {
        await updateRole(existing.id, input)
        props.onSaved(t('rolesAdmin.saved', { name: roleName(t, existing.key, values.name) }))
      } else {
        await createRole(input)
        props.onSaved(t('rolesAdmin.created', { name: values.name }))
      }
      props.onClose()
    } catch (err) {
      const fieldErrors = err instanceof ApiClientError ? (err.body?.fieldErrors ?? {}) : {}
      const aboutPermissions = Object.entries(fieldErrors).find(([k]) => k === 'permissions' || k.startsWith('permissions.'))
      if (aboutPermissions) setPermissionError(aboutPermissions[1][0] ?? null)
      if (!applyFieldErrors(err, form.setError, ['name', 'description']) && !aboutPermissions) {
        const e = formErrorOf(err, t)
        setFormError(e)
        if (e.conflict) props.onConflict()
      }
    }
  })

  // What the role would open: the route table's screens its permissions reach (a "view as" of the role).
  const screens = useMemo(() => {
    const preview = buildAbility(
      [...chosen].flatMap(([key, scope]) => {
        const [action, subject] = key.split(' ') as [ActionOrManage, SubjectOrAll]
        const rule = ruleOfScoped({ action, subject, scope })
        return rule ? [{ action: rule.action, subject: rule.subject, ...(rule.conditions ? { conditions: rule.conditions } : {}) } as AppRawRule] : []
      }),
    )
    return ROUTES.filter((r) => {
      const meta = r.meta as { action?: ActionOrManage; subject?: SubjectOrAll; public?: boolean }
      return !('plannedIn' in r) && !r.path.includes(':') && meta.action && meta.subject && preview.can(meta.action, meta.subject)
    }).map((r) => r.name)
  }, [chosen])

  return (
    <FormDialog
      open={props.role !== null}
      onClose={props.onClose}
      title={existing ? t('rolesAdmin.editTitle', { name: roleName(t, existing.key, existing.name) }) : t('rolesAdmin.createTitle')}
      testId="role-editor"
      onSubmit={submit}
      submitting={isSubmitting}
      formError={formError?.message ?? null}
      conflict={formError?.conflict}
      onReload={props.onClose}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('rolesAdmin.name')} error={errors.name} required helper={existing?.system ? t('rolesAdmin.systemNameHelp') : undefined}>
          <Input autoComplete="off" readOnly={existing?.system} {...form.register('name', { required: 'validation.required' })} />
        </FormField>
        <FormField label={t('rolesAdmin.description')} error={errors.description}>
          <Textarea rows={2} {...form.register('description')} />
        </FormField>
      </SimpleGrid>
      <Stack gap="2">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontWeight="semibold">
            {t('rolesAdmin.permissions')} ({chosen.size})
          </Text>
          <Input
            size="sm"
            maxW={{ base: 'full', sm: '64' }}
            placeholder={t('rolesAdmin.filter')}
            aria-label={t('rolesAdmin.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </Flex>
        {permissionError ? (
          <Text role="alert" color="fg.error" fontSize="sm" data-testid="permission-error">
            {permissionError}
          </Text>
        ) : null}
        {someNotHeld ? (
          <Text color="fg.muted" fontSize="sm">
            {t('rolesAdmin.notHeldSome')}
          </Text>
        ) : null}
        {existing && existing.otherRules > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('rolesAdmin.otherRules', { count: existing.otherRules })}
          </Text>
        ) : null}
        <Box borderWidth="1px" borderRadius="md" maxH={{ base: 'none', md: '96' }} overflowY={{ base: 'visible', md: 'auto' }} data-testid="permission-picker">
          {groups.length === 0 ? (
            <Text p="3" color="fg.muted">
              {t('rolesAdmin.noMatch')}
            </Text>
          ) : (
            groups.map((g) => {
              const scopes = scopesOf(g.subject)
              return (
                <Box
                  key={g.subject}
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  _last={{ borderBottomWidth: 0 }}
                  role="group"
                  aria-label={t(`rolesAdmin.subjects.${g.subject}`)}
                >
                  <Text fontWeight="medium" fontSize="sm" mb="1">
                    {t(`rolesAdmin.subjects.${g.subject}`)}
                  </Text>
                  <Wrap gap="3" align="center">
                    {g.actions.map((action) => {
                      const key = pairKey(action, g.subject)
                      const scope = chosen.get(key)
                      const mayChange = held(action, g.subject)
                      return (
                        <HStack key={key} gap="1">
                          <Checkbox.Root
                            size="sm"
                            colorPalette="brand"
                            checked={scope !== undefined}
                            disabled={!mayChange}
                            onCheckedChange={(e) => toggle(action, g.subject, e.checked === true)}
                            title={mayChange ? undefined : t('rolesAdmin.notHeld')}
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>
                              <span aria-hidden="true">{t(`rolesAdmin.actions.${action}`)}</span>
                              <Box as="span" srOnly>
                                {label(action, g.subject)}
                              </Box>
                            </Checkbox.Label>
                          </Checkbox.Root>
                          {scope !== undefined && scopes.length > 1 ? (
                            <NativeSelect.Root size="xs" width="auto" disabled={!mayChange}>
                              <NativeSelect.Field
                                aria-label={t('rolesAdmin.scopeOf', { permission: label(action, g.subject) })}
                                value={scope}
                                onChange={(e) => setScope(action, g.subject, e.target.value as RoleScope)}
                              >
                                {scopes.map((s) => (
                                  <option key={s} value={s}>
                                    {t(`rolesAdmin.scopes.${s}`)}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          ) : null}
                        </HStack>
                      )
                    })}
                  </Wrap>
                </Box>
              )
            })
          )}
        </Box>
      </Stack>
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="sm">
          {t('rolesAdmin.preview')}
        </Text>
        {screens.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('rolesAdmin.previewNone')}
          </Text>
        ) : (
          <Wrap gap="1" data-testid="role-screens">
            {screens.map((name) => (
              <Badge key={name} variant="outline" size="sm">
                {t(`routes.${name}`)}
              </Badge>
            ))}
          </Wrap>
        )}
      </Stack>
    </FormDialog>
  )
}

function DeleteRoleDialog(props: { role: RoleDetail | null; roles: RoleDetail[]; onClose: () => void; onDeleted: (message: string) => void }) {
  const { t } = useTranslation()
  const size = useDialogSize('md')
  const [replacement, setReplacement] = useState('')
  const [error, setError] = useState<string | null>(null)
  const role = props.role
  const name = role ? roleName(t, role.key, role.name) : ''
  const choices = props.roles.filter((r) => r.id !== role?.id && r.grantable)
  const close = () => {
    setReplacement('')
    setError(null)
    props.onClose()
  }
  const remove = useMutation({
    mutationFn: () => deleteRole(role!.id, role!.userCount > 0 ? replacement : undefined),
    onSuccess: ({ moved }) => {
      const to = props.roles.find((r) => r.id === replacement)
      props.onDeleted(
        moved > 0 && to ? t('rolesAdmin.deletedMoved', { name, count: moved, to: roleName(t, to.key, to.name) }) : t('rolesAdmin.deleted', { name }),
      )
      close()
    },
    onError: (err) => setError(formErrorOf(err, t).message),
  })
  const submit = () => {
    setError(null)
    if (role && role.userCount > 0 && !replacement) {
      setError(t('validation.required'))
      return
    }
    remove.mutate()
  }

  return (
    <Dialog.Root lazyMount unmountOnExit role="alertdialog" open={role !== null} onOpenChange={(e) => !e.open && close()} size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-role">
            <Dialog.Header>
              <Dialog.Title>{t('rolesAdmin.deleteTitle', { name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  {role && role.userCount > 0 ? t('rolesAdmin.deleteInUse', { count: role.userCount }) : t('rolesAdmin.deleteUnused')}
                </Dialog.Description>
                {role && role.userCount > 0 ? (
                  <FormField label={t('rolesAdmin.replacement')} required>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={replacement} onChange={(e) => setReplacement(e.target.value)}>
                        <option value="">{t('rolesAdmin.chooseRole')}</option>
                        {choices.map((r) => (
                          <option key={r.id} value={r.id}>
                            {roleName(t, r.key, r.name)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                ) : null}
                {error ? (
                  <Text role="alert" color="fg.error">
                    {error}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {t('table.cancel')}
              </Button>
              <Button colorPalette="red" loading={remove.isPending} onClick={submit}>
                {t('rolesAdmin.deleteButton')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
