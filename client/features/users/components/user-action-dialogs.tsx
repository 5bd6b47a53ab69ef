import { List, Button, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { BulkUsersAnswer } from '../../../../shared/schemas/users'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { applyFieldErrors } from '../../../lib/api-client'
import { useSchemaForm, useFormDialog } from '../../../components/ui/form-kit'
import { AppDialog } from '../../../components/ui/app-dialog'

const reasonSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) })

/**
 * Deactivating one user or several: why (kept on the user and in their log). `onConfirm` does the call; a field
 * error from the server lands on the reason, anything else above the form.
 */
export function DeactivateDialog(props: {
  open: boolean
  onClose: () => void
  title: string
  text: string
  onConfirm: (reason: string) => Promise<void>
  onReload?: () => void
}) {
  const { t } = useTranslation()
  const form = useSchemaForm(reasonSchema, { defaultValues: { reason: '' } })
  const dialog = useFormDialog(form, {
    open: props.open,
    onClose: props.onClose,
    onReload: props.onReload,
    fields: ['reason'],
    save: async ({ reason }) => {
      await props.onConfirm(reason)
    },
  })
  return (
    <FormDialog title={props.title} testId="deactivate-dialog" {...dialog.props} submitLabel={t('userAdmin.detail.deactivate')}>
      <Text fontSize="sm">{props.text}</Text>
      <FormField label={t('userAdmin.fields.reason')} error={form.formState.errors.reason} required>
        <Textarea rows={3} autoresize {...form.register('reason')} />
      </FormField>
    </FormDialog>
  )
}

/** A user's team, or none: the teams the editor may see. */
export function TeamChoice(props: { label: string; value: string | null; onChange: (teamId: string | null) => void }) {
  const { t } = useTranslation()
  return (
    <LookupNativeSelect
      kind="teams"
      label={props.label}
      emptyLabel={t('users.noTeam')}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange(v ?? null)}
    />
  )
}

/** Moving the selected users to one team (or none). */
export function ChangeTeamDialog(props: { open: boolean; onClose: () => void; count: number; onConfirm: (teamId: string | null) => Promise<void> }) {
  const { t } = useTranslation()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<{ teamId: string | null }>({ defaultValues: { teamId: null } })
  const submit = form.handleSubmit(async ({ teamId }) => {
    setFormError(null)
    try {
      await props.onConfirm(teamId)
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, ['teamId'])) setFormError(formErrorOf(err, t).message)
    }
  })
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('userAdmin.bulk.teamTitle', { count: props.count })}
      testId="change-team-dialog"
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      formError={formError}
      submitLabel={t('userAdmin.bulk.changeTeam')}
    >
      <FormField label={t('userAdmin.bulk.newTeam')} error={form.formState.errors.teamId}>
        <Controller
          control={form.control}
          name="teamId"
          render={({ field }) => <TeamChoice label={t('userAdmin.bulk.newTeam')} value={field.value} onChange={field.onChange} />}
        />
      </FormField>
    </FormDialog>
  )
}

/** What a bulk action left as it was, and why: each user by name. */
export function SkippedDialog(props: { answer: BulkUsersAnswer | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <AppDialog
      open={!!props.answer && props.answer.skipped.length > 0}
      onClose={props.onClose}
      title={t('userAdmin.bulk.skippedTitle')}
      testId="skipped-dialog"
      size="md"
      footer={
        <>
          <Button onClick={props.onClose}>{t('app.close')}</Button>
        </>
      }
    >
      <List.Root gap="1" ps="4">
        {(props.answer?.skipped ?? []).map((s) => (
          <List.Item key={s.id}>
            <Text as="span" fontWeight="medium">
              {s.name ?? s.id}
            </Text>
            : {t(`userAdmin.bulk.reasons.${s.reason}`)}
          </List.Item>
        ))}
      </List.Root>
    </AppDialog>
  )
}
