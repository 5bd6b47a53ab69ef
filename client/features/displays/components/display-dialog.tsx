import { Button, Fieldset, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Controller, useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { DISPLAY_SCENES, displaySetupSchema, type DisplayView } from '../../../../shared/schemas/displays'
import { isDisplayCode } from '../../../../shared/rules/displays'
import { Check } from '../../../components/ui/check'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { CheckField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { useLookup } from '../../../components/ui/lookup/lookup-api'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { useDisplayChanges } from '../api/displays-queries'

/** The dialog's form: every scene listed, each on or off with its seconds; a code only when pairing. */
const formSchema = z
  .strictObject({
    code: z.string().max(20),
    name: displaySetupSchema.shape.name,
    officeId: z.string().min(1, { error: 'validation.required' }),
    teamIds: z.array(z.string()),
    scenes: z.array(z.strictObject({ scene: z.enum(DISPLAY_SCENES), on: z.boolean(), seconds: z.number().int().min(5).max(600) })),
  })
  .refine((v) => v.scenes.some((s) => s.on), { path: ['scenes'], error: 'validation.displays.scenes' })
type DisplayForm = z.input<typeof formSchema>

/** The scenes as the form lists them: the screen's own first, in its order, then the others off. */
function sceneRows(display?: DisplayView): DisplayForm['scenes'] {
  const own = display?.scenes ?? DISPLAY_SCENES.slice(0, 3).map((scene) => ({ scene, seconds: 20 }))
  const rest = DISPLAY_SCENES.filter((scene) => !own.some((s) => s.scene === scene)).map((scene) => ({ scene, seconds: 20, on: false }))
  return [...own.map((s) => ({ ...s, on: true })), ...rest]
}

/**
 * Pairing a screen by its code, or changing what a paired one shows (docs/decisions/101): its name, office, the
 * teams it narrows to and the scenes it cycles through with their seconds; a paired screen can be revoked here.
 */
export function DisplayDialog({ display, code, onClose }: { display?: DisplayView; code: string; onClose: () => void }) {
  const { t } = useTranslation()
  const changes = useDisplayChanges()
  const form = useSchemaForm(formSchema, {
    defaultValues: {
      code,
      name: display?.name ?? '',
      officeId: display?.officeId ?? '',
      teamIds: display?.teamIds ?? [],
      scenes: sceneRows(display),
    },
  })
  const scenes = useFieldArray({ control: form.control, name: 'scenes' })
  const officeId = form.watch('officeId')
  const teams = useLookup('teams', { parentId: officeId || undefined }, !!officeId)
  const dialog = useFormDialog(form, {
    onClose,
    fields: ['code', 'name', 'officeId', 'teamIds', 'scenes'],
    save: async (values) => {
      const setup = {
        name: values.name,
        officeId: values.officeId,
        teamIds: values.teamIds,
        scenes: values.scenes.filter((s) => s.on).map((s) => ({ scene: s.scene, seconds: s.seconds })),
      }
      if (display) {
        await changes.change(display.id, { ...setup, version: display.version })
        snackbar.success(t('displays.admin.saved'))
      } else {
        if (!isDisplayCode(values.code)) {
          form.setError('code', { message: t('validation.displays.codeFormat') })
          return
        }
        await changes.pair({ ...setup, code: values.code })
        snackbar.success(t('displays.admin.paired'))
      }
      onClose()
    },
  })
  const revoke = async () => {
    if (!display) return
    const ok = await confirm({
      title: t('displays.admin.revokeTitle'),
      text: t('displays.admin.revokeText'),
      confirmLabel: t('displays.admin.revoke'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    try {
      await changes.revoke(display.id, display.version)
      snackbar.success(t('displays.admin.revoked'))
      onClose()
    } catch (err) {
      dialog.fail(err)
    }
  }
  const errors = form.formState.errors
  return (
    <FormDialog title={display ? t('displays.admin.edit') : t('displays.admin.pair')} testId="display-dialog" size="lg" scroll {...dialog.props}>
      {display ? null : (
        <TextField form={form} name="code" label={t('displays.admin.code')} required autoComplete="off" autoCapitalize="characters" fontFamily="mono" />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="name" label={t('displays.admin.name')} required maxLength={80} />
        <FormField label={t('displays.admin.office')} error={errors.officeId} required>
          <Controller
            control={form.control}
            name="officeId"
            render={({ field }) => (
              <LookupNativeSelect
                kind="offices"
                label={t('displays.admin.office')}
                emptyLabel="–"
                value={field.value || undefined}
                onChange={(v) => {
                  field.onChange(v ?? '')
                  form.setValue('teamIds', [])
                }}
              />
            )}
          />
        </FormField>
      </SimpleGrid>
      {officeId ? (
        <FormField label={t('displays.admin.teams')} helper={t('displays.admin.teamsHelp')} error={errors.teamIds?.root ?? errors.teamIds?.[0]}>
          <Controller
            control={form.control}
            name="teamIds"
            render={({ field }) => (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="display-teams">
                {(teams.data?.items ?? []).map((team) => (
                  <Check
                    key={team.id}
                    label={team.label}
                    checked={field.value.includes(team.id)}
                    onChange={(on) => field.onChange(on ? [...field.value, team.id] : field.value.filter((id) => id !== team.id))}
                  />
                ))}
              </SimpleGrid>
            )}
          />
        </FormField>
      ) : null}
      <Fieldset.Root invalid={!!errors.scenes}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('displays.admin.scenes')}
        </Fieldset.Legend>
        <Stack gap="2" data-testid="display-scenes">
          {scenes.fields.map((row, i) => (
            <HStack key={row.id} justify="space-between" gap="3">
              <CheckField form={form} name={`scenes.${i}.on`} label={t(`displays.scenes.${row.scene}`)} />
              <HStack gap="2">
                <Input
                  type="number"
                  size="sm"
                  w="20"
                  min={5}
                  max={600}
                  aria-label={`${t(`displays.scenes.${row.scene}`)}: ${t('displays.admin.seconds')}`}
                  {...form.register(`scenes.${i}.seconds`, { valueAsNumber: true })}
                />
                <Text fontSize="sm" color="fg.muted">
                  {t('displays.admin.seconds')}
                </Text>
              </HStack>
            </HStack>
          ))}
        </Stack>
        {errors.scenes?.root?.message || errors.scenes?.message ? (
          <Fieldset.ErrorText>{t(errors.scenes.root?.message ?? errors.scenes.message ?? '')}</Fieldset.ErrorText>
        ) : null}
      </Fieldset.Root>
      {display ? (
        <Button variant="outline" colorPalette="red" size="sm" alignSelf="start" onClick={() => void revoke()} data-testid="revoke-display">
          {t('displays.admin.revoke')}
        </Button>
      ) : null}
    </FormDialog>
  )
}
