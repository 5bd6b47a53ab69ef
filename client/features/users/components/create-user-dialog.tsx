import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Check } from '../../../components/ui/check'
import { createUserInputSchema } from '../../../../shared/schemas/users'
import { FormField } from '../../../components/ui/form-field'
import { applyFieldErrors, errorText } from '../../../lib/api-client'
import { createUser } from '../api/users-api'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { FormAlert } from '../../../components/ui/form-alert'
import { useSchemaForm, TextField } from '../../../components/ui/form-kit'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { useRefreshUsers, useRoleOptions, useTeamOptions } from '../api/users-queries'

const FIELDS = ['email', 'firstName', 'lastName', 'password', 'roleId', 'teamId'] as const

/** The create dialog of the users list: validated on the device and again by the server with the same schema. */
export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (name: string) => void
}) {
  const { t } = useTranslation()
  const [formError, setFormError] = useState<string | null>(null)
  const roles = useRoleOptions({ enabled: open })
  const teams = useTeamOptions({ enabled: open })
  const form = useSchemaForm(createUserInputSchema, {
    defaultValues: { email: '', firstName: '', lastName: '', password: '', passwordChangeRequired: true, roleId: '', teamId: null },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await createUser({ ...values, teamId: values.teamId || null })
      onCreated(`${values.firstName} ${values.lastName}`)
      form.reset()
      onOpenChange(false)
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, FIELDS)) {
        setFormError(errorText(err, t))
      }
    }
  })

  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('users.create')}
      testId="create-user-dialog"
      size="lg"
      onSubmit={submit}
      footer={<DialogButtons onCancel={() => onOpenChange(false)} action={{ label: t('table.save'), loading: isSubmitting }} />}
    >
      <Stack gap="4">
        {formError ? <FormAlert message={formError} /> : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField form={form} name="firstName" label={t('users.firstName')} autoComplete="off" required />
          <TextField form={form} name="lastName" label={t('users.lastName')} autoComplete="off" required />
        </SimpleGrid>
        <TextField form={form} name="email" label={t('users.email')} type="email" autoComplete="off" required />
        <TextField
          form={form}
          name="password"
          label={t('users.password')}
          type="password"
          autoComplete="new-password"
          required
          helper={t('users.passwordHelp')}
        />
        <Controller
          control={form.control}
          name="passwordChangeRequired"
          render={({ field }) => (
            <Stack gap="1">
              <Check label={t('firstPassword.required')} checked={field.value ?? false} onChange={field.onChange} name={field.name} onBlur={field.onBlur} />
              <Text fontSize="xs" color="fg.muted" ps="7">
                {t('firstPassword.requiredHelp')}
              </Text>
            </Stack>
          )}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('users.role')} error={errors.roleId} required>
            <Choices
              {...form.register('roleId')}
              empty={t('users.chooseRole')}
              options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) }))}
            />
          </FormField>
          <FormField label={t('users.team')} error={errors.teamId}>
            <Choices
              {...form.register('teamId', { setValueAs: (v: string) => v || null })}
              empty={t('users.noTeam')}
              options={(teams.data?.items ?? []).map((team) => ({ value: team.id, label: `${team.name} (${team.officeName})` }))}
            />
          </FormField>
        </SimpleGrid>
      </Stack>
    </AppDialog>
  )
}

/** "Ny användare" and its dialog, for those who may create users: the users list and the onboarding list. */
export function NewUserAction() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshUsers = useRefreshUsers()
  const [creating, setCreating] = useState(false)
  if (!ability.can('create', 'users')) return null
  return (
    <>
      <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
        {t('users.create')}
      </Button>
      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(name) => {
          snackbar.success(t('users.created', { name }))
          void refreshUsers()
        }}
      />
    </>
  )
}
