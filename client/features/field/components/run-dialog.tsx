import { Button, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { runInputSchema, type RunItem } from '../../../../shared/schemas/field'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextAreaField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { createArea, createRun, deleteRun, updateRun } from '../api/field-api'
import { Check } from '../../../components/ui/check'
import { useAreas, useRefreshField, useTeamMembers } from '../api/field-queries'

type FormIn = z.input<typeof runInputSchema>
const FIELDS = ['date', 'teamId', 'sellerIds', 'areaId', 'meetingPlace', 'meetingTime', 'travelDay', 'note'] as const
const NEW_AREA = '__new__'

/**
 * A run planned or changed (both planners open this one dialog): the day, the team, its sellers, the area (or a new
 * one by name; its shape is drawn on the map), where and when the team meets, a travel day, a note.
 */
export function RunDialog(props: { run: RunItem | null; date: string; teamId?: string; onClose: () => void }) {
  const { t } = useTranslation()
  const refreshField = useRefreshField()
  const r = props.run
  const form = useSchemaForm(runInputSchema, {
    defaultValues: {
      date: r?.date ?? props.date,
      teamId: r?.teamId ?? props.teamId ?? '',
      sellerIds: r?.sellers.map((s) => s.id) ?? [],
      areaId: r?.areaId ?? null,
      meetingPlace: r?.meetingPlace ?? '',
      meetingTime: r?.meetingTime ?? null,
      travelDay: r?.travelDay ?? false,
      note: r?.note ?? '',
    },
  })
  const teamId = useWatch({ control: form.control, name: 'teamId' })
  const members = useTeamMembers(teamId, { enabled: !!teamId })
  const areas = useAreas(teamId, { enabled: !!teamId })
  const [newArea, setNewArea] = useState<string | null>(null)
  const refresh = () => void refreshField()
  const saved = (message: string) => {
    props.onClose()
    snackbar.success(message)
  }
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: refresh,
    fields: FIELDS,
    save: async (values) => {
      let areaId = values.areaId
      if (newArea !== null && newArea.trim()) areaId = (await createArea(newArea.trim(), values.teamId)).id
      const input = { ...values, areaId, meetingPlace: values.meetingPlace || null, note: values.note || null }
      if (r) await updateRun(r.id, r.version, input)
      else await createRun(input)
      refresh()
      saved(t('planner.dialog.saved'))
    },
  })
  const remove = async () => {
    if (!r) return
    const ok = await confirm({
      title: t('planner.dialog.removeConfirm', { day: r.date }),
      text: t('planner.dialog.removeText'),
      confirmLabel: t('planner.dialog.remove'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    await deleteRun(r.id)
    refresh()
    saved(t('planner.dialog.removed'))
  }
  return (
    <FormDialog title={r ? t('planner.dialog.editTitle') : t('planner.dialog.newTitle')} testId="run-dialog" scroll {...dialog.props}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="date" label={t('planner.dialog.date')} type="date" required />
        <Controller
          control={form.control}
          name="teamId"
          render={({ field, fieldState }) => (
            <Field.Root invalid={!!fieldState.error} required>
              <Field.Label>{t('planner.dialog.team')}</Field.Label>
              <LookupNativeSelect
                kind="teams"
                label={t('planner.dialog.team')}
                emptyLabel="–"
                value={field.value || undefined}
                onChange={(id) => {
                  field.onChange(id ?? '')
                  form.setValue('sellerIds', [])
                  form.setValue('areaId', null)
                }}
              />
              <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
            </Field.Root>
          )}
        />
      </SimpleGrid>
      <SellerPicker form={form} members={members.data ?? []} />
      <Controller
        control={form.control}
        name="areaId"
        render={({ field, fieldState }) => (
          <Field.Root invalid={!!fieldState.error}>
            <Field.Label>{t('planner.dialog.area')}</Field.Label>
            <Stack gap="2" w="full">
              <NativeSelect.Root size="sm" disabled={!teamId}>
                <NativeSelect.Field
                  aria-label={t('planner.dialog.area')}
                  value={newArea !== null ? NEW_AREA : (field.value ?? '')}
                  onChange={(e) => {
                    if (e.target.value === NEW_AREA) return setNewArea('')
                    setNewArea(null)
                    field.onChange(e.target.value || null)
                  }}
                  data-testid="run-area"
                >
                  <option value="">{t('planner.dialog.noArea')}</option>
                  {(areas.data ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                  <option value={NEW_AREA}>{t('planner.dialog.newArea')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {newArea !== null ? (
                <Input
                  aria-label={t('planner.dialog.newAreaName')}
                  placeholder={t('planner.dialog.newAreaName')}
                  value={newArea}
                  onChange={(e) => setNewArea(e.target.value)}
                />
              ) : null}
            </Stack>
            <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
          </Field.Root>
        )}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="meetingPlace" label={t('planner.dialog.meetingPlace')} autoComplete="off" />
        <TextField form={form} name="meetingTime" label={t('planner.dialog.meetingTime')} type="time" rules={{ setValueAs: (v: string) => v || null }} />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="travelDay"
        render={({ field }) => <Check checked={field.value} onChange={field.onChange} label={t('planner.dialog.travelDay')} />}
      />
      <TextAreaField form={form} name="note" label={t('planner.dialog.note')} rows={2} />
      {r?.may.edit ? (
        <Text>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void remove()} data-testid="run-delete">
            {t('planner.dialog.remove')}
          </Button>
        </Text>
      ) : null}
    </FormDialog>
  )
}

type RunForm = UseFormReturn<FormIn, unknown, z.output<typeof runInputSchema>>

/** The team's sellers as checkboxes: who is on the run. */
function SellerPicker({ form, members }: { form: RunForm; members: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation()
  return (
    <Controller
      control={form.control}
      name="sellerIds"
      render={({ field, fieldState }) => (
        <Fieldset.Root invalid={!!fieldState.error}>
          <Fieldset.Legend>{t('planner.dialog.sellers')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="run-sellers">
            {members.map((m) => (
              <Check
                key={m.id}
                checked={field.value.includes(m.id)}
                onChange={(checked) => field.onChange(checked ? [...field.value, m.id] : field.value.filter((id) => id !== m.id))}
                label={m.name}
              />
            ))}
          </SimpleGrid>
          <Fieldset.ErrorText>{fieldState.error?.message}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  )
}
