import { Fieldset, Input, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Controller, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { statInputSchema, type BiQuery, type StatDetail, type StatInput } from '../../../../shared/schemas/assistant'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { fieldErrorText } from '../../../lib/field-error'
import { snackbar } from '../../../lib/snackbar-store'
import { createStat, updateStat } from '../api/assistant-api'
import { roleName } from '../../../lib/role-name'
import { useSchemaForm, useFormDialog } from '../../../components/ui/form-kit'
import { Check } from '../../../components/ui/check'
import { useRefreshAssistantStats, useShareRoles } from '../api/assistant-queries'

const FIELDS = ['name', 'roleIds'] as const

/**
 * Saving an answer as a statistics view, or editing one: its name and the roles it is shared with (their users find
 * it in their list, and see it within their own scope).
 */
export function StatDialog(props: {
  query: BiQuery
  defaultName: string
  stat?: StatDetail
  onClose: () => void
  onSaved?: (stat: StatDetail) => void
  onReload?: () => void
}) {
  const { t } = useTranslation()
  const refreshAssistantStats = useRefreshAssistantStats()
  const roles = useShareRoles()
  const form = useSchemaForm(statInputSchema, {
    defaultValues: {
      name: props.stat?.name ?? props.defaultName.slice(0, 120),
      query: props.query,
      roleIds: props.stat?.roles.map((r) => r.id) ?? [],
    },
  })
  const { errors } = form.formState
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onReload,
    fields: FIELDS,
    save: async (values) => {
      const body = values as StatInput
      const saved = props.stat ? await updateStat(props.stat.id, { ...body, version: props.stat.version }) : await createStat(body)
      snackbar.success(t('assistant.saved', { name: values.name }))
      void refreshAssistantStats()
      props.onSaved?.(saved)
      props.onClose()
    },
  })
  return (
    <FormDialog title={props.stat ? t('assistant.edit') : t('assistant.saveStatTitle')} testId="stat-dialog" {...dialog.props}>
      <FormField label={t('assistant.statName')} error={errors.name} required>
        <Input autoComplete="off" {...form.register('name')} data-testid="stat-name" />
      </FormField>
      {/* A fieldset, not a field: a field gives its one control id to every checkbox inside it. */}
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('assistant.shareWith')}
        </Fieldset.Legend>
        <Fieldset.HelperText fontSize="xs">{t('assistant.shareHelp')}</Fieldset.HelperText>
        {roles.isPending ? (
          <Skeleton h="16" />
        ) : roles.isError ? (
          <Text color="fg.error">{t('assistant.error')}</Text>
        ) : (
          <Controller
            control={form.control}
            name="roleIds"
            render={({ field }) => (
              <Stack gap="2" data-testid="stat-roles">
                {roles.data.map((role) => {
                  const value = field.value ?? []
                  return (
                    <Check
                      key={role.id}
                      checked={value.includes(role.id)}
                      onChange={(checked) => field.onChange(checked ? [...value, role.id] : value.filter((id) => id !== role.id))}
                      data-testid="stat-role"
                      data-role={role.name}
                      label={roleName(t, role.key, role.name)}
                    />
                  )
                })}
              </Stack>
            )}
          />
        )}
        {errors.roleIds ? <Fieldset.ErrorText>{fieldErrorText(errors.roleIds as FieldError | undefined, t)}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    </FormDialog>
  )
}
