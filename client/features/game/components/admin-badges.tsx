import { Alert, Badge, Box, Button, Card, Code, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  BADGE_FIELDS,
  BADGE_OPERATORS,
  BADGE_PERIODS,
  badgeInputSchema,
  type Badge as GameBadge,
  type BadgeInput,
  type BadgePreview,
} from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { createBadge, previewBadge, updateBadge } from '../api/game-api'
import { useRuleText } from './badge-parts'
import { FieldSelect } from './field-select'
import { useGameAdminSave } from './admin-save'
import { useSchemaForm, useFormDialog, TextField, TextAreaField, NumberField } from '../../../components/ui/form-kit'
import { AdminCards, EditFooter } from './admin-cards'
import { useAdminBadges } from '../api/game-queries'

/** The badges, offered or not, with their rules in words; a new one or a change in the rule editor. */
export function BadgesPanel() {
  const { t } = useTranslation()
  const ruleText = useRuleText()
  const query = useAdminBadges()
  return (
    <AdminCards
      query={query}
      newLabel={t('game.admin.newBadge')}
      newTestId="new-badge"
      empty={t('game.admin.noBadges')}
      card={(b, edit) => (
        <Card.Root key={b.id} size="sm" data-testid="admin-badge" data-name={b.name} opacity={b.active ? 1 : 0.7}>
          <Card.Body>
            <HStack justify="space-between" align="start">
              <Text fontWeight="semibold">{b.name}</Text>
              <Badge>{t(`game.badges.periods.${b.period}`)}</Badge>
            </HStack>
            <Text fontSize="sm" mt="1">
              {ruleText(b.rule)}
            </Text>
            {b.active ? null : (
              <Badge mt="2" alignSelf="start">
                {t('game.admin.notOffered')}
              </Badge>
            )}
          </Card.Body>
          <EditFooter onEdit={edit} />
        </Card.Root>
      )}
      dialog={({ item, onClose, onReload }) => <BadgeDialog badge={item} onClose={onClose} onReload={onReload} />}
    />
  )
}

const FIELDS = ['name', 'description', 'period', 'rule', 'coins', 'active'] as const

function BadgeDialog({ badge, onClose, onReload }: { badge?: GameBadge; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const [preview, setPreview] = useState<BadgePreview | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const form = useSchemaForm(badgeInputSchema, {
    defaultValues: badge
      ? { name: badge.name, description: badge.description, period: badge.period, rule: badge.rule, coins: badge.coins, active: badge.active }
      : {
          name: '',
          description: '',
          period: 'week',
          rule: { combine: 'and', conditions: [{ field: 'approved_orders', operator: '>=', value: 20 }] },
          coins: 0,
          active: true,
        },
  })
  const conditions = useFieldArray({ control: form.control, name: 'rule.conditions', keyName: 'key' })
  const { errors } = form.formState
  const save = useGameAdminSave((name) => t('game.admin.badgeSaved', { name }), onClose)
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: FIELDS,
    save: (values) => save(badge, values as BadgeInput, { create: createBadge, update: updateBadge }),
  })
  const runPreview = form.handleSubmit(async (values) => {
    setPreviewing(true)
    try {
      setPreview(await previewBadge({ period: values.period, rule: values.rule }))
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setPreviewing(false)
    }
  })
  const select = (name: Parameters<typeof form.register>[0], options: Array<{ value: string; label: string }>, label?: string) => (
    <FieldSelect field={form.register(name, { onChange: () => setPreview(null) })} options={options} label={label} />
  )
  return (
    <FormDialog title={badge ? t('game.admin.editBadge') : t('game.admin.newBadge')} testId="badge-dialog" {...dialog.props} size="lg">
      <TextField form={form} name="name" label={t('game.admin.name')} autoComplete="off" required />
      <TextAreaField form={form} name="description" label={t('game.admin.description')} rows={2} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('game.admin.period')} error={errors.period} required>
          {select(
            'period',
            BADGE_PERIODS.map((p) => ({ value: p, label: t(`game.badges.periods.${p}`) })),
          )}
        </FormField>
        <NumberField form={form} name="coins" label={t('game.admin.badgeCoins')} min={0} />
      </SimpleGrid>
      <Stack gap="2">
        <Text fontWeight="medium">{t('game.admin.conditions')}</Text>
        <HStack gap="2" fontSize="sm">
          <Text>{t('game.admin.combineLabel')}</Text>
          <Box minW="48">
            {select(
              'rule.combine',
              [
                { value: 'and', label: t('game.admin.combineAll') },
                { value: 'or', label: t('game.admin.combineAny') },
              ],
              t('game.admin.combineLabel'),
            )}
          </Box>
        </HStack>
        {conditions.fields.map((field, i) => (
          <HStack key={field.key} gap="2" align="end" data-testid="condition-row">
            <Box flex="2">
              <FormField label={t('game.admin.field')} error={errors.rule?.conditions?.[i]?.field}>
                {select(
                  `rule.conditions.${i}.field`,
                  BADGE_FIELDS.map((f) => ({ value: f, label: t(`game.badges.fields.${f}`) })),
                )}
              </FormField>
            </Box>
            <Box w="24" flexShrink={0}>
              <FormField label={t('game.admin.operator')} error={errors.rule?.conditions?.[i]?.operator}>
                {select(
                  `rule.conditions.${i}.operator`,
                  BADGE_OPERATORS.map((o) => ({ value: o, label: o.replace('>=', '≥').replace('<=', '≤') })),
                )}
              </FormField>
            </Box>
            <Box w="28" flexShrink={0}>
              <FormField label={t('game.admin.value')} error={errors.rule?.conditions?.[i]?.value}>
                <Input
                  size="sm"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  {...form.register(`rule.conditions.${i}.value`, { valueAsNumber: true, onChange: () => setPreview(null) })}
                />
              </FormField>
            </Box>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('game.admin.removeCondition')}
              disabled={conditions.fields.length <= 1}
              onClick={() => {
                conditions.remove(i)
                setPreview(null)
              }}
            >
              ✕
            </IconButton>
          </HStack>
        ))}
        <HStack gap="2">
          <Button
            size="sm"
            variant="outline"
            disabled={conditions.fields.length >= 5}
            onClick={() => {
              conditions.append({ field: 'regret_rate', operator: '<', value: 5 })
              setPreview(null)
            }}
          >
            {t('game.admin.addCondition')}
          </Button>
          <Button size="sm" colorPalette="brand" variant="subtle" loading={previewing} onClick={() => void runPreview()} data-testid="badge-preview">
            {t('game.admin.preview')}
          </Button>
        </HStack>
      </Stack>
      {preview ? <PreviewResult preview={preview} /> : null}
    </FormDialog>
  )
}

/** What a rule would have given: how many now and in the earlier periods, and the statement it runs with its values. */
function PreviewResult({ preview }: { preview: BadgePreview }) {
  const { t } = useTranslation()
  return (
    <Alert.Root status="info" data-testid="badge-preview-result" alignItems="start">
      <Alert.Content minW="0">
        <Alert.Description>
          {t('game.admin.previewResult', { current: preview.current, periods: preview.periods, awards: preview.awards, people: preview.people })}
        </Alert.Description>
        <Text fontSize="xs" mt="2" color="fg.muted">
          {t('game.admin.sql')}
        </Text>
        <Code display="block" whiteSpace="pre-wrap" wordBreak="break-word" fontSize="xs" p="2" mt="1" data-testid="badge-sql">
          {preview.sql}
        </Code>
        <Text fontSize="xs" mt="1" wordBreak="break-word">
          {t('game.admin.params', { params: JSON.stringify(preview.params) })}
        </Text>
      </Alert.Content>
    </Alert.Root>
  )
}
