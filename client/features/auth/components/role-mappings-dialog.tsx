import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { roleMappingsInputSchema, type IdentityProviderItem, type RoleMappingsInput } from '../../../../shared/schemas/sso'
import { Choices } from '../../../components/ui/choices'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { saveRoleMappings, useRoleChoices } from '../api/identity-providers-api'

/**
 * A provider's groups (Entra ID's group object ids) or app roles that give roles here (decision 093), in order: the
 * first one a person holds gives their role at each sign-in. A role can be chosen only when the administrator holds
 * all of its permissions; the server says so on the row.
 */
export function RoleMappingsDialog({
  provider,
  onClose,
  onSaved,
  onConflict,
}: {
  provider: IdentityProviderItem
  onClose: () => void
  onSaved: (message: string) => void
  onConflict: () => void
}) {
  const { t } = useTranslation()
  const roles = useRoleChoices()
  const form = useSchemaForm(roleMappingsInputSchema, { defaultValues: { version: provider.version, mappings: provider.roleMappings } })
  const rows = useFieldArray({ control: form.control, name: 'mappings', keyName: 'key' })
  const save = async (values: RoleMappingsInput) => {
    await saveRoleMappings(provider.id, values)
    onSaved(t('identityProviders.mappingsSaved', { name: provider.label }))
    onClose()
  }
  // A conflict (the provider changed meanwhile) offers the list again: this dialog closes, the list is read again.
  const dialog = useFormDialog(form, { onClose, onReload: onClose, onConflict, fields: 'all', save })
  const options = (roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))
  const errors = form.formState.errors.mappings
  return (
    <FormDialog title={t('identityProviders.mappingsTitle', { name: provider.label })} testId="role-mappings-dialog" size="lg" {...dialog.props}>
      <Text fontSize="sm" color="fg.muted">
        {provider.groupsClaim ? t('identityProviders.mappingsIntro', { claim: provider.groupsClaim }) : t('identityProviders.mappingsNoClaim')}
      </Text>
      <Stack gap="3" data-testid="role-mapping-rows">
        {rows.fields.map((row, i) => (
          <HStack key={row.key} align="start" gap="2">
            <FormField label={t('identityProviders.claimValue')} error={errors?.[i]?.claimValue} required>
              <Input {...form.register(`mappings.${i}.claimValue`)} autoComplete="off" fontFamily="mono" />
            </FormField>
            <FormField label={t('identityProviders.mappedRole')} error={errors?.[i]?.roleId} required>
              <Choices options={options} disabled={!roles.data} {...form.register(`mappings.${i}.roleId`)} />
            </FormField>
            <IconButton
              aria-label={t('identityProviders.removeMapping', { value: form.getValues(`mappings.${i}.claimValue`) || i + 1 })}
              variant="ghost"
              mt="7"
              onClick={() => rows.remove(i)}
            >
              ✕
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => rows.append({ claimValue: '', roleId: options[0]?.value ?? '' })}>
        {t('identityProviders.addMapping')}
      </Button>
    </FormDialog>
  )
}
