import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { TEAM_COACHES_MAX, teamInputSchema, type TeamDetail } from '../../../../shared/schemas/org'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { useAbility } from '../../../lib/session'
import { createTeam, updateTeam } from '../api/org-api'
import { PeoplePicker, type Person } from '../../../components/ui/people-picker'
import { TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'

/** The dialog's own fields, checked by the API's rules; the coaches are chosen beside them, none is an empty provider. */
const teamFormSchema = teamInputSchema.pick({ name: true, officeId: true }).extend({ providerId: z.string() })

/**
 * A team's create and edit dialog (decision 036): its name, office, the provider it sells for, and coaches. An edit sends the team as it was
 * seen; another's change in between is a conflict with a reload.
 */
export function TeamDialog(props: { team: TeamDetail | 'new'; onClose: () => void; onSaved: (id: string, name: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const existing = props.team === 'new' ? null : props.team
  const form = useSchemaForm(teamFormSchema, {
    defaultValues: { name: existing?.name ?? '', officeId: existing?.officeId ?? '', providerId: existing?.provider?.id ?? '' },
  })
  const [coaches, setCoaches] = useState<Person[]>(existing?.coaches ?? [])
  const [coachError, setCoachError] = useState<string | null>(null)
  const { errors } = form.formState
  form.register('officeId')
  const officeId = useWatch({ control: form.control, name: 'officeId' })
  const providerId = useWatch({ control: form.control, name: 'providerId' })

  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['name', 'officeId', 'providerId'],
    outside: { coachIds: setCoachError },
    onConflict: props.onConflict,
    save: async (values) => {
      setCoachError(null)
      const input = { name: values.name, officeId: values.officeId, coachIds: coaches.map((c) => c.id), providerId: values.providerId || null }
      if (existing) {
        const saved = await updateTeam(existing.id, {
          ...input,
          basedOn: {
            name: existing.name,
            officeId: existing.officeId,
            coachIds: existing.coaches.map((c) => c.id),
            providerId: existing.provider?.id ?? null,
          },
        })
        props.onSaved(saved.id, saved.name)
      } else {
        const { id } = await createTeam(input)
        props.onSaved(id, values.name)
      }
      props.onClose()
    },
  })

  return (
    <FormDialog
      title={existing ? t('orgAdmin.teams.editTitle', { name: existing.name }) : t('orgAdmin.teams.createTitle')}
      testId="team-dialog"
      {...dialog.props}
    >
      <TextField form={form} name="name" label={t('orgAdmin.teams.name')} autoComplete="off" required />
      <FormField label={t('orgAdmin.teams.office')} error={errors.officeId} required>
        <LookupNativeSelect
          kind="offices"
          label={t('orgAdmin.teams.office')}
          emptyLabel={t('orgAdmin.teams.chooseOffice')}
          value={officeId || undefined}
          onChange={(v) => form.setValue('officeId', v ?? '', { shouldValidate: form.formState.isSubmitted })}
        />
      </FormField>
      {/* Someone who may not read the providers keeps the team's as it is. */}
      {ability.can('view', 'providers') ? (
        <FormField label={t('orgAdmin.teams.provider')} error={errors.providerId}>
          <LookupNativeSelect
            kind="providers"
            label={t('orgAdmin.teams.provider')}
            emptyLabel={t('orgAdmin.teams.noProvider')}
            value={providerId || undefined}
            onChange={(v) => form.setValue('providerId', v ?? '')}
          />
        </FormField>
      ) : null}
      <PeoplePicker
        label={t('orgAdmin.teams.coaches')}
        none={t('orgAdmin.teams.noCoaches')}
        addLabel={t('orgAdmin.teams.addCoach')}
        removeLabel={(name) => t('orgAdmin.teams.removeCoach', { name })}
        people={coaches}
        onChange={setCoaches}
        max={TEAM_COACHES_MAX}
        error={coachError}
        testId="team-coaches-chosen"
      />
    </FormDialog>
  )
}
