import { Button, Field, Fieldset, SimpleGrid, Text } from '@chakra-ui/react'
import { Controller, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { MapArea, Polygon } from '../../../../shared/schemas/maps'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { errorText } from '../../../lib/api-client'
import { createArea } from '../api/field-api'
import { removeArea, updateArea } from '../api/maps-api'
import { Check } from '../../../components/ui/check'
import { useRefreshField, useTeamMembers } from '../api/field-queries'

const formSchema = z.object({ name: z.string().trim().min(1).max(120), teamId: z.string(), sellerIds: z.array(z.string()) })

/**
 * An area named, given to a team and some of its sellers, with the outline just drawn (or kept); a new one is made
 * and then drawn. Removing it is refused while runs name it (the server says how many).
 */
export function AreaDialog(props: { area: MapArea | null; shape: Polygon | null; onClose: () => void }) {
  const { t } = useTranslation()
  const refreshField = useRefreshField()
  const a = props.area
  const form = useSchemaForm(formSchema, {
    defaultValues: { name: a?.name ?? '', teamId: a?.teamId ?? '', sellerIds: a?.sellers.map((s) => s.id) ?? [] },
  })
  const teamId = useWatch({ control: form.control, name: 'teamId' })
  const members = useTeamMembers(teamId, { enabled: !!teamId })
  const refresh = () => void refreshField()
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: refresh,
    fields: ['name', 'teamId', 'sellerIds'],
    save: async (values) => {
      const team = values.teamId || null
      // A new area is made, then given its outline and sellers (version 1 is the one just made).
      const id = a?.id ?? (await createArea(values.name, team)).id
      await updateArea(id, { name: values.name, teamId: team, sellerIds: team ? values.sellerIds : [], shape: props.shape, version: a?.version ?? 1 })
      refresh()
      snackbar.success(t('maps.areas.saved'))
      props.onClose()
    },
  })
  const remove = async () => {
    if (!a) return
    const ok = await confirm({
      title: t('maps.areas.removeConfirm', { name: a.name }),
      text: t('maps.areas.removeText'),
      confirmLabel: t('maps.areas.remove'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    try {
      await removeArea(a.id)
      refresh()
      snackbar.success(t('maps.areas.removed'))
      props.onClose()
    } catch (err) {
      snackbar.error(errorText(err, t))
    }
  }
  return (
    <FormDialog title={a ? t('maps.areas.editTitle') : t('maps.areas.newTitle')} testId="area-dialog" scroll {...dialog.props}>
      <TextField form={form} name="name" label={t('maps.areas.name')} required />
      <Controller
        control={form.control}
        name="teamId"
        render={({ field, fieldState }) => (
          <Field.Root invalid={!!fieldState.error}>
            <Field.Label>{t('planner.dialog.team')}</Field.Label>
            <LookupNativeSelect
              kind="teams"
              label={t('planner.dialog.team')}
              emptyLabel={t('maps.areas.noTeam')}
              value={field.value || undefined}
              onChange={(id) => {
                field.onChange(id ?? '')
                form.setValue('sellerIds', [])
              }}
            />
            <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
          </Field.Root>
        )}
      />
      {teamId ? (
        <Controller
          control={form.control}
          name="sellerIds"
          render={({ field, fieldState }) => (
            <Fieldset.Root invalid={!!fieldState.error}>
              <Fieldset.Legend>{t('maps.areas.sellers')}</Fieldset.Legend>
              <Fieldset.HelperText>{t('maps.areas.sellersHelp')}</Fieldset.HelperText>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {(members.data ?? []).map((m) => (
                  <Check
                    key={m.id}
                    checked={field.value.includes(m.id)}
                    onChange={(checked) => field.onChange(checked ? [...field.value, m.id] : field.value.filter((x) => x !== m.id))}
                    label={m.name}
                  />
                ))}
              </SimpleGrid>
              <Fieldset.ErrorText>{fieldState.error?.message}</Fieldset.ErrorText>
            </Fieldset.Root>
          )}
        />
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        {props.shape ? t('maps.areas.corners', { count: props.shape.coordinates[0]!.length - 1 }) : t('maps.areas.drawAfter')}
      </Text>
      {a?.may.edit ? (
        <Text>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void remove()} data-testid="area-delete">
            {t('maps.areas.remove')}
          </Button>
        </Text>
      ) : null}
    </FormDialog>
  )
}
