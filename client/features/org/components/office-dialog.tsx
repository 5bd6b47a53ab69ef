import { Input } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { OFFICE_NAME_MAX, type OfficeItem } from '../../../../shared/schemas/org'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { createOffice, listRegions, updateOffice } from '../api/org-api'
import { orgKeys } from '../api/org-keys'
import { useFormDialog } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'

/** An office's create and edit dialog: its name and region, an edit on what was seen (also on the office's page). */
export function OfficeDialog(props: { office: OfficeItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.office === 'new' ? null : props.office
  const regions = useQuery({ queryKey: orgKeys.regions, queryFn: ({ signal }) => listRegions(signal) })
  const form = useForm<{ name: string; regionId: string }>({ defaultValues: { name: existing?.name ?? '', regionId: existing?.regionId ?? '' } })
  const { errors } = form.formState
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['name', 'regionId'],
    onConflict: props.onConflict,
    save: async (values) => {
      const saved = existing
        ? await updateOffice(existing.id, { ...values, basedOn: { name: existing.name, regionId: existing.regionId } })
        : await createOffice(values)
      props.onSaved(existing ? t('orgAdmin.offices.saved', { name: saved.name }) : t('orgAdmin.offices.created', { name: saved.name }))
      props.onClose()
    },
  })
  return (
    <FormDialog
      title={existing ? t('orgAdmin.offices.editTitle', { name: existing.name }) : t('orgAdmin.offices.createTitle')}
      testId="office-dialog"
      {...dialog.props}
    >
      <FormField label={t('orgAdmin.offices.name')} error={errors.name} required>
        <Input
          autoComplete="off"
          {...form.register('name', {
            validate: (v) => (v.trim() === '' ? 'validation.required' : v.trim().length > OFFICE_NAME_MAX ? 'validation.tooLong' : true),
          })}
        />
      </FormField>
      <FormField label={t('orgAdmin.offices.region')} error={errors.regionId} required>
        <Choices
          disabled={!regions.data}
          {...form.register('regionId', { required: 'validation.required' })}
          empty={t('orgAdmin.offices.chooseRegion')}
          options={(regions.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </FormField>
    </FormDialog>
  )
}
