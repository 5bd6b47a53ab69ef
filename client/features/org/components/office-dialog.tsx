import { useTranslation } from 'react-i18next'
import { officeInputSchema, type OfficeItem } from '../../../../shared/schemas/org'
import { FormDialog } from '../../../components/ui/form-dialog'
import { createOffice, updateOffice } from '../api/org-api'
import { SelectField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { useRegions } from '../api/org-queries'

/** An office's create and edit dialog: its name and region, an edit on what was seen (also on the office's page). */
export function OfficeDialog(props: { office: OfficeItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.office === 'new' ? null : props.office
  const regions = useRegions()
  const form = useSchemaForm(officeInputSchema, {
    defaultValues: { name: existing?.name ?? '', regionId: existing?.regionId ?? '' },
  })
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
      <TextField form={form} name="name" label={t('orgAdmin.offices.name')} autoComplete="off" required />
      <SelectField
        form={form}
        name="regionId"
        label={t('orgAdmin.offices.region')}
        required
        empty={t('orgAdmin.offices.chooseRegion')}
        disabled={!regions.data}
        options={(regions.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
      />
    </FormDialog>
  )
}
