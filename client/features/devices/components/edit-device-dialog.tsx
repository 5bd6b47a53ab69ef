import { Field, SimpleGrid, Text } from '@chakra-ui/react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { deviceUpdateSchema, type DeviceDetail } from '../../../../shared/schemas/devices'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { updateDevice } from '../api/devices-api'

const MB = 1024 * 1024
const FIELDS = ['name', 'manufacturer', 'model', 'serialNumber', 'freeStorageMb', 'totalStorageMb', 'enrolledAt', 'userId'] as const

/** What the MDM would otherwise say, by hand: name, maker, model, serial number, storage, enrollment, whose it is. */
export function EditDeviceDialog(props: { device: DeviceDetail; onClose: () => void; onSaved: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const d = props.device
  const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / MB))
  const form = useSchemaForm(deviceUpdateSchema, {
    defaultValues: {
      version: d.version,
      name: d.name ?? '',
      manufacturer: d.manufacturer ?? '',
      model: d.model ?? '',
      serialNumber: d.serialNumber ?? '',
      freeStorageMb: mb(d.mdmFreeStorageBytes),
      totalStorageMb: mb(d.mdmTotalStorageBytes),
      enrolledAt: d.mdmEnrolledAt === null ? null : new Date(d.mdmEnrolledAt).toISOString().slice(0, 10),
      userId: d.userId,
    },
  })
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onReload,
    fields: FIELDS,
    save: async (v) => {
      await updateDevice(d.id, v)
      props.onSaved()
    },
  })
  const number = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) }
  return (
    <FormDialog title={t('devices.editTitle')} testId="device-edit-dialog" {...dialog.props} scroll>
      <Text color="fg.muted">{t('devices.editHelp')}</Text>
      <TextField form={form} name="name" label={t('devices.fields.name')} autoComplete="off" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="manufacturer" label={t('devices.fields.manufacturer')} autoComplete="off" />
        <TextField form={form} name="model" label={t('devices.fields.model')} autoComplete="off" />
        <TextField form={form} name="serialNumber" label={t('devices.fields.serialNumber')} autoComplete="off" />
        <TextField form={form} name="enrolledAt" label={t('devices.fields.enrolledAt')} type="date" rules={{ setValueAs: (v: string) => v || null }} />
        <TextField form={form} name="freeStorageMb" label={t('devices.fields.freeStorageMb')} inputMode="numeric" rules={number} />
        <TextField form={form} name="totalStorageMb" label={t('devices.fields.totalStorageMb')} inputMode="numeric" rules={number} />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="userId"
        render={({ field, fieldState }) => (
          <Field.Root invalid={!!fieldState.error}>
            <Field.Label>{t('devices.fields.userId')}</Field.Label>
            <LookupCombobox kind="users" label={t('devices.fields.userId')} value={field.value ?? undefined} onChange={(id) => field.onChange(id ?? null)} />
            <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
          </Field.Root>
        )}
      />
    </FormDialog>
  )
}
