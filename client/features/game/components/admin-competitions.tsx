import { Box, Button, Card, Fieldset, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller, useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { formatDate } from '../../../../shared/format'
import { addDays, businessDay } from '../../../../shared/rules/work'
import { COMPETITION_KINDS, COMPETITION_METRICS, competitionInputSchema, type Competition, type CompetitionInput } from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { useLookup } from '../../../components/ui/lookup/lookup-api'
import { createCompetition, updateCompetition } from '../api/game-api'
import { PhaseBadge } from './competition-parts'
import { FieldSelect } from './field-select'
import { useGameAdminSave } from './admin-save'
import { useZodResolver, useFormDialog, TextField, TextAreaField } from '../../../components/ui/form-kit'
import { AdminCards, EditFooter } from './admin-cards'
import { Check } from '../../../components/ui/check'
import { useLanguage } from '../../../lib/use-language'
import { useCompetitions } from '../api/game-queries'

/** Every competition, drafts and hidden tests included; a new one or a change of one not finished in a dialog. */
export function CompetitionsPanel() {
  const { t, lang } = useLanguage()
  const query = useCompetitions()
  return (
    <AdminCards
      query={query}
      newLabel={t('game.admin.newCompetition')}
      newTestId="new-competition"
      empty={t('game.admin.noCompetitions')}
      card={(c, edit) => (
        <Card.Root key={c.id} size="sm" data-testid="admin-competition" data-name={c.name}>
          <Card.Body>
            <HStack justify="space-between" align="start" gap="2">
              <Box minW="0">
                <Text fontWeight="semibold">{c.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDate(c.from, lang)} – {formatDate(c.to, lang)}
                </Text>
              </Box>
              <PhaseBadge competition={c} admin />
            </HStack>
            <Text fontSize="sm" mt="2">
              {t(`game.competitions.metrics.${c.metric}`)} · {t(`game.competitions.kinds.${c.kind}`)}
            </Text>
          </Card.Body>
          {c.state !== 'finished' ? <EditFooter onEdit={edit} /> : null}
        </Card.Root>
      )}
      dialog={({ item, onClose, onReload }) => <CompetitionDialog competition={item} onClose={onClose} onReload={onReload} />}
    />
  )
}

type FormIn = z.input<typeof competitionInputSchema>
type FormOut = z.output<typeof competitionInputSchema>
const FIELDS = ['name', 'description', 'metric', 'kind', 'officeIds', 'from', 'to', 'prizes', 'state'] as const

function CompetitionDialog({ competition, onClose, onReload }: { competition?: Competition; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const offices = useLookup('offices', {}, true)
  const resolver = useZodResolver(competitionInputSchema)
  const [today] = useState(() => businessDay(Date.now()))
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
    defaultValues: competition
      ? {
          name: competition.name,
          description: competition.description,
          metric: competition.metric,
          kind: competition.kind,
          officeIds: competition.officeIds,
          from: competition.from,
          to: competition.to,
          prizes: competition.prizes.map((p) => ({ rank: p.rank, coins: p.coins, text: p.text })),
          state: competition.state === 'finished' ? 'published' : competition.state,
        }
      : { name: '', description: '', metric: 'approved_sales', kind: 'sellers', officeIds: [], from: today, to: addDays(today, 6), prizes: [], state: 'draft' },
  })
  const prizes = useFieldArray({ control: form.control, name: 'prizes', keyName: 'key' })
  const { errors } = form.formState
  const save = useGameAdminSave((name) => t('game.admin.competitionSaved', { name }), onClose)
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: FIELDS,
    save: (values) => save(competition, values as CompetitionInput, { create: createCompetition, update: updateCompetition }),
  })
  const select = (name: 'metric' | 'kind' | 'state', options: Array<{ value: string; label: string }>) => (
    <FieldSelect field={form.register(name)} options={options} />
  )
  return (
    <FormDialog title={competition ? t('game.admin.editCompetition') : t('game.admin.newCompetition')} testId="competition-dialog" {...dialog.props} size="lg">
      <TextField form={form} name="name" label={t('game.admin.name')} autoComplete="off" required />
      <TextAreaField form={form} name="description" label={t('game.admin.description')} rows={2} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('game.admin.metric')} error={errors.metric} required>
          {select(
            'metric',
            COMPETITION_METRICS.map((m) => ({ value: m, label: t(`game.competitions.metrics.${m}`) })),
          )}
        </FormField>
        <FormField label={t('game.admin.kind')} error={errors.kind} required>
          {select(
            'kind',
            COMPETITION_KINDS.map((k) => ({ value: k, label: t(`game.competitions.kinds.${k}`) })),
          )}
        </FormField>
        <TextField form={form} name="from" label={t('game.admin.from')} type="date" size="sm" required />
        <TextField form={form} name="to" label={t('game.admin.to')} type="date" size="sm" required />
      </SimpleGrid>
      <FormField label={t('game.admin.state')} error={errors.state} helper={t('game.admin.stateHelp')}>
        {select(
          'state',
          (['draft', 'hidden', 'published'] as const).map((s) => ({ value: s, label: t(`game.competitions.states.${s}`) })),
        )}
      </FormField>
      {/* A group of boxes is a fieldset: its legend names the group to a screen reader (a Field would give every box one id). */}
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium" fontSize="sm">
          {t('game.admin.offices')}
        </Fieldset.Legend>
        <Controller
          control={form.control}
          name="officeIds"
          render={({ field }) => (
            <HStack wrap="wrap" gap="4">
              {(offices.data?.items ?? []).map((o) => {
                const chosen = (field.value ?? []).includes(o.id)
                return (
                  <Check
                    key={o.id}
                    checked={chosen}
                    onChange={(checked) => field.onChange(checked ? [...(field.value ?? []), o.id] : (field.value ?? []).filter((x) => x !== o.id))}
                    label={o.label}
                  />
                )
              })}
            </HStack>
          )}
        />
        <Fieldset.HelperText fontSize="xs">{t('game.admin.officesHelp')}</Fieldset.HelperText>
      </Fieldset.Root>
      <Stack gap="2">
        <Text fontWeight="medium">{t('game.competitions.prizes')}</Text>
        {prizes.fields.map((field, i) => (
          <HStack key={field.key} gap="2" align="end" data-testid="prize-row">
            <Box w="20" flexShrink={0}>
              <FormField label={t('game.admin.prizeRank')} error={errors.prizes?.[i]?.rank}>
                <Input size="sm" type="number" min={1} max={10} {...form.register(`prizes.${i}.rank`, { valueAsNumber: true })} />
              </FormField>
            </Box>
            <Box w="28" flexShrink={0}>
              <FormField label={t('game.coins')} error={errors.prizes?.[i]?.coins}>
                <Input
                  size="sm"
                  type="number"
                  min={1}
                  {...form.register(`prizes.${i}.coins`, { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
                />
              </FormField>
            </Box>
            <FormField label={t('game.admin.prizeText')} error={errors.prizes?.[i]?.text}>
              <Input size="sm" autoComplete="off" {...form.register(`prizes.${i}.text`)} />
            </FormField>
            <IconButton size="sm" variant="ghost" aria-label={t('game.admin.removePrize')} onClick={() => prizes.remove(i)}>
              ✕
            </IconButton>
          </HStack>
        ))}
        {errors.prizes?.message || errors.prizes?.root?.message ? (
          <Text color="fg.error" fontSize="sm">
            {t(errors.prizes.message ?? errors.prizes.root?.message ?? '')}
          </Text>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={prizes.fields.length >= 10}
          onClick={() => prizes.append({ rank: prizes.fields.length + 1, coins: null, text: '' })}
        >
          {t('game.admin.addPrize')}
        </Button>
      </Stack>
    </FormDialog>
  )
}
