import { Button, CloseButton, HStack, Input, Stack, Tag, Text, Wrap } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TEAM_COACHES_MAX, TEAM_NAME_MAX, type TeamDetail } from '../../../../shared/schemas/org'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { fetchLookup } from '../../../components/ui/lookup/lookup-api'
import { LookupCombobox, LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { ApiClientError, applyFieldErrors } from '../../../lib/api-client'
import { createTeam, updateTeam } from '../api/org-api'

type Coach = { id: string; name: string }

/**
 * A team's create and edit dialog (decision 036): its name, office and coaches. An edit sends the team as it was
 * seen; another's change in between is a conflict with a reload.
 */
export function TeamDialog(props: { team: TeamDetail | 'new'; onClose: () => void; onSaved: (id: string, name: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.team === 'new' ? null : props.team
  const form = useForm<{ name: string; officeId: string }>({ defaultValues: { name: existing?.name ?? '', officeId: existing?.officeId ?? '' } })
  const [coaches, setCoaches] = useState<Coach[]>(existing?.coaches ?? [])
  const [adding, setAdding] = useState<string | undefined>(undefined)
  const [coachError, setCoachError] = useState<string | null>(null)
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null)
  const { errors, isSubmitting } = form.formState
  form.register('officeId', { required: 'validation.required' })
  const officeId = useWatch({ control: form.control, name: 'officeId' })

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    setCoachError(null)
    const input = { name: values.name, officeId: values.officeId, coachIds: coaches.map((c) => c.id) }
    try {
      if (existing) {
        const saved = await updateTeam(existing.id, {
          ...input,
          basedOn: { name: existing.name, officeId: existing.officeId, coachIds: existing.coaches.map((c) => c.id) },
        })
        props.onSaved(saved.id, saved.name)
      } else {
        const { id } = await createTeam(input)
        props.onSaved(id, values.name)
      }
      props.onClose()
    } catch (err) {
      const aboutCoaches = err instanceof ApiClientError ? err.body?.fieldErrors?.coachIds?.[0] : undefined
      if (aboutCoaches) setCoachError(aboutCoaches)
      else if (!applyFieldErrors(err, form.setError, ['name', 'officeId'])) {
        const e = formErrorOf(err, t)
        setFormError(e)
        if (e.conflict) props.onConflict()
      }
    }
  })

  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={existing ? t('orgAdmin.teams.editTitle', { name: existing.name }) : t('orgAdmin.teams.createTitle')}
      testId="team-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      formError={formError?.message ?? null}
      conflict={formError?.conflict}
      onReload={props.onClose}
    >
      <FormField label={t('orgAdmin.teams.name')} error={errors.name} required>
        <Input
          autoComplete="off"
          {...form.register('name', {
            validate: (v) => (v.trim() === '' ? 'validation.required' : v.trim().length > TEAM_NAME_MAX ? 'validation.tooLong' : true),
          })}
        />
      </FormField>
      <FormField label={t('orgAdmin.teams.office')} error={errors.officeId} required>
        <LookupNativeSelect
          kind="offices"
          label={t('orgAdmin.teams.office')}
          emptyLabel={t('orgAdmin.teams.chooseOffice')}
          value={officeId || undefined}
          onChange={(v) => form.setValue('officeId', v ?? '', { shouldValidate: form.formState.isSubmitted })}
        />
      </FormField>
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm">
          {t('orgAdmin.teams.coaches')}
        </Text>
        {coaches.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('orgAdmin.teams.noCoaches')}
          </Text>
        ) : (
          <Wrap gap="2" data-testid="team-coaches-chosen">
            {coaches.map((c) => (
              <Tag.Root key={c.id} size="lg">
                <Tag.Label>{c.name}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    aria-label={t('orgAdmin.teams.removeCoach', { name: c.name })}
                    onClick={() => setCoaches(coaches.filter((x) => x.id !== c.id))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        )}
        {coaches.length < TEAM_COACHES_MAX ? (
          <HStack align="end" gap="2">
            <BoxGrow>
              <LookupCombobox
                kind="users"
                label={t('orgAdmin.teams.addCoach')}
                placeholder={t('orgAdmin.teams.findPerson')}
                inDialog
                value={adding}
                onChange={setAdding}
              />
            </BoxGrow>
            <Button
              size="sm"
              variant="outline"
              disabled={!adding || coaches.some((c) => c.id === adding)}
              onClick={() => {
                if (!adding) return
                const id = adding
                // The name by the id (the picker's own label may not have been told yet on a slow phone).
                void fetchLookup('users', { ids: id })
                  .then((found) => found.items.find((i) => i.id === id)?.label ?? id)
                  .catch(() => id)
                  .then((name) => setCoaches((now) => (now.some((c) => c.id === id) ? now : [...now, { id, name }])))
                setAdding(undefined)
              }}
            >
              {t('orgAdmin.teams.add')}
            </Button>
          </HStack>
        ) : null}
        {coachError ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {coachError}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  )
}

function BoxGrow(props: { children: ReactNode }) {
  return (
    <Stack flex="1" minW="0">
      {props.children}
    </Stack>
  )
}
