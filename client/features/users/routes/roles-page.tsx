import { Badge, Button, Card, Dialog, Flex, HStack, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { TFunction } from 'i18next'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DEFAULT_ROLES } from '../../../../shared/permissions/roles'
import type { RoleDetail } from '../../../../shared/schemas/roles'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors, serverFieldErrors } from '../../../lib/api-client'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createRole, deleteRole, updateRole } from '../api/roles-api'
import { PermissionPicker, ScreensPreview, chosenOf, chosenPermissions, rawRulesOf, type ChosenPermissions } from '../components/permission-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextAreaField, TextField, useFormDialog } from '../../../components/ui/form-kit'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { useRefreshUsersRoles, useRolesList } from '../api/users-queries'

/**
 * /user-admin/roles: the roles and their permissions (docs/decisions/032). A permission is offered only to one who
 * holds it; a seeded role keeps its name, the admin role is locked; deleting a role with users moves them to
 * another role. Holders get the new rules at their next request.
 */
export default function RolesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshUsersRoles = useRefreshUsersRoles()
  const list = useRolesList()
  const [editing, setEditing] = useState<RoleDetail | 'new' | null>(null)
  const [deleting, setDeleting] = useState<RoleDetail | null>(null)
  const refresh = () => void refreshUsersRoles()
  const mayCreate = ability.can('create', 'roles')
  const mayUpdate = ability.can('update', 'roles')
  const mayDelete = ability.can('delete', 'roles')
  // Shown by their names in the reader's language, and a seeded role's untouched description translated too.
  const roles = [...(list.data?.items ?? [])].sort((a, b) => roleName(t, a.key, a.name).localeCompare(roleName(t, b.key, b.name)))
  const describe = (r: RoleDetail) => describeRole(t, r)

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
          snackbar.success(message)
          refresh()
        }}
        onConflict={refresh}
      />
      <DeleteRoleDialog
        role={deleting}
        roles={roles}
        onClose={() => setDeleting(null)}
        onDeleted={(message) => {
          snackbar.success(message)
          refresh()
        }}
      />
    </Page>
  )
}

type EditorForm = { name: string; description: string }

/** A role's description in the reader's language: a seeded role's untouched description is translated by its key. */
function describeRole(t: TFunction, r: RoleDetail): string {
  return r.system && DEFAULT_ROLES.some((d) => d.key === r.key && d.description === r.description) ? t(`rolesAdmin.descriptions.${r.key}`) : r.description
}

function RoleEditor(props: { role: RoleDetail | 'new' | null; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.role && props.role !== 'new' ? props.role : null
  const [chosen, setChosen] = useState<ChosenPermissions>(() => chosenOf(existing?.permissions ?? []))
  const [permissionError, setPermissionError] = useState<string | null>(null)
  // The editor shows what the list shows: a seeded role's description in the reader's language (and its name, which
  // cannot be changed, translated); saved untouched, the stored text stays as it was.
  const shownDescription = existing ? describeRole(t, existing) : ''
  const form = useForm<EditorForm>({
    defaultValues: { name: existing ? (existing.system ? roleName(t, existing.key, existing.name) : existing.name) : '', description: shownDescription },
  })

  const dialog = useFormDialog(form, {
    open: props.role !== null,
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['name', 'description'],
    onConflict: props.onConflict,
    // An error about the permissions goes beside the permission list (with the form's own field errors, if any).
    handle: (err) => {
      const fieldErrors = serverFieldErrors(err) ?? {}
      const aboutPermissions = Object.entries(fieldErrors).find(([k]) => k === 'permissions' || k.startsWith('permissions.'))
      if (!aboutPermissions) return false
      setPermissionError(aboutPermissions[1][0] ?? null)
      applyFieldErrors(err, form.setError, ['name', 'description'])
      return true
    },
    save: async (values) => {
      setPermissionError(null)
      const input = {
        name: existing?.system ? existing.name : values.name,
        description: existing && values.description === shownDescription ? existing.description : values.description,
        permissions: chosenPermissions(chosen),
        ...(existing ? { basedOn: existing.updatedAt } : {}),
      }
      if (existing) {
        await updateRole(existing.id, input)
        props.onSaved(t('rolesAdmin.saved', { name: roleName(t, existing.key, values.name) }))
      } else {
        await createRole(input)
        props.onSaved(t('rolesAdmin.created', { name: values.name }))
      }
      props.onClose()
    },
  })

  return (
    <FormDialog
      title={existing ? t('rolesAdmin.editTitle', { name: roleName(t, existing.key, existing.name) }) : t('rolesAdmin.createTitle')}
      testId="role-editor"
      {...dialog.props}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          form={form}
          name="name"
          label={t('rolesAdmin.name')}
          autoComplete="off"
          readOnly={existing?.system}
          rules={{ required: 'validation.required' }}
          required
          helper={existing?.system ? t('rolesAdmin.systemNameHelp') : undefined}
        />
        <TextAreaField form={form} name="description" label={t('rolesAdmin.description')} rows={2} />
      </SimpleGrid>
      <Stack gap="2">
        {permissionError ? <FormAlert message={permissionError} fontSize="sm" data-testid="permission-error" /> : null}
        {existing && existing.otherRules > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('rolesAdmin.otherRules', { count: existing.otherRules })}
          </Text>
        ) : null}
        <PermissionPicker chosen={chosen} onChange={setChosen} />
      </Stack>
      <ScreensPreview rules={rawRulesOf(chosen)} testId="role-screens" />
    </FormDialog>
  )
}

function DeleteRoleDialog(props: { role: RoleDetail | null; roles: RoleDetail[]; onClose: () => void; onDeleted: (message: string) => void }) {
  const { t } = useTranslation()
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
    <AppDialog
      open={role !== null}
      onClose={close}
      title={t('rolesAdmin.deleteTitle', { name })}
      testId="delete-role"
      size="md"
      alert
      noCloseButton
      footer={
        <DialogButtons onCancel={close} action={{ label: t('rolesAdmin.deleteButton'), destructive: true, loading: remove.isPending, onClick: submit }} />
      }
    >
      <Stack gap="4">
        <Dialog.Description>
          {role && role.userCount > 0 ? t('rolesAdmin.deleteInUse', { count: role.userCount }) : t('rolesAdmin.deleteUnused')}
        </Dialog.Description>
        {role && role.userCount > 0 ? (
          <FormField label={t('rolesAdmin.replacement')} required>
            <Choices
              value={replacement}
              onChange={(e) => setReplacement(e.target.value)}
              empty={t('rolesAdmin.chooseRole')}
              options={choices.map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) }))}
            />
          </FormField>
        ) : null}
        {error ? <FormAlert message={error} /> : null}
      </Stack>
    </AppDialog>
  )
}
