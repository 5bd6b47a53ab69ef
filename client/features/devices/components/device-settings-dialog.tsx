import { SimpleGrid, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { deviceSettingsSchema, type DeviceSettings } from '../../../../shared/schemas/devices'
import { FormDialog } from '../../../components/ui/form-dialog'
import { NumberField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { saveDeviceSettings } from '../api/devices-api'

/** The form's version of the limits: the lowest version as text (empty: no check). */
const formSchema = deviceSettingsSchema.extend({
  minAppVersion: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d+){0,3})?$/),
})

/** The alerts' limits (decision 072): hours without a sync while changes wait, free space, the lowest app version. */
export function DeviceSettingsDialog(props: {
  open: boolean
  onClose: () => void
  settings: DeviceSettings & { version: number }
  onSaved: () => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const { settings } = props
  const form = useSchemaForm(formSchema, {
    defaultValues: { staleHours: settings.staleHours, lowSpaceMb: settings.lowSpaceMb, minAppVersion: settings.minAppVersion ?? '' },
  })
  const dialog = useFormDialog(form, {
    open: props.open,
    onClose: props.onClose,
    onReload: props.onReload,
    fields: ['staleHours', 'lowSpaceMb', 'minAppVersion'],
    save: async (v) => {
      await saveDeviceSettings(settings.version, { ...v, minAppVersion: v.minAppVersion || null })
      props.onSaved()
    },
  })
  return (
    <FormDialog title={t('devices.settingsTitle')} testId="device-settings-dialog" {...dialog.props}>
      <Text color="fg.muted">{t('devices.settingsHelp')}</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <NumberField form={form} name="staleHours" label={t('devices.settingsFields.staleHours')} required min={1} />
        <NumberField form={form} name="lowSpaceMb" label={t('devices.settingsFields.lowSpaceMb')} required min={0} />
      </SimpleGrid>
      <TextField
        form={form}
        name="minAppVersion"
        label={t('devices.settingsFields.minAppVersion')}
        helper={t('devices.settingsFields.minAppVersionHelp', { version: import.meta.env.VITE_APP_VERSION })}
        autoComplete="off"
        placeholder="1.2.0"
      />
    </FormDialog>
  )
}
