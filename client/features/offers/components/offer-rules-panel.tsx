import { Badge, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { OFFER_EID_MODES, offerRuleSchema, type OfferRule, type OfferRuleInput } from '../../../../shared/schemas/offers'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { CheckField, NumberField, SelectField, TextAreaField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { QueryTable } from '../../../components/ui/record-table'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { useOfferRules, useSaveOfferRule } from '../api/offers-queries'
import { OfferEidPanel } from './offer-eid-panel'

/** The rule's form: the binding period as a number, 0 for none (the API takes null). */
const ruleFormSchema = offerRuleSchema.extend({ bindingMonths: z.number().int().min(0).max(60) })
type RuleForm = z.input<typeof ruleFormSchema>

/** Where the law asks for a written offer: a rule per provider and country (docs/decisions/094). */
export function OfferRulesPanel() {
  const { t } = useLanguage()
  const ability = useAbility()
  const rules = useOfferRules()
  const [editing, setEditing] = useState<OfferRule | 'new' | null>(null)
  const mayEdit = ability.can('update', 'sale_offers')
  return (
    <Stack gap="4">
      <OfferEidPanel />
      <Text color="fg.muted" maxW="3xl" fontSize="sm">
        {t('offers.rules.intro')}
      </Text>
      {mayEdit ? (
        <Button colorPalette="brand" size="sm" alignSelf="start" onClick={() => setEditing('new')} data-testid="add-offer-rule">
          {t('offers.rules.add')}
        </Button>
      ) : null}
      <QueryTable
        query={rules}
        empty={t('offers.rules.empty')}
        testId="offer-rules"
        rowTestId="offer-rule"
        rowKey={(r) => r.id}
        onRowClick={mayEdit ? (r) => setEditing(r) : undefined}
        columns={[
          { header: t('offers.rules.provider'), cell: (r) => r.providerName, strong: true },
          { header: t('offers.rules.country'), cell: (r) => t(`offers.rules.countries.${r.country}`) },
          {
            header: t('offers.rules.bindingMonths'),
            cell: (r) => (r.bindingMonths ? t('offers.document.months', { count: r.bindingMonths }) : t('offers.document.noBinding')),
            hideBelow: 'md',
          },
          {
            header: t('offers.rules.expiresAfterDays'),
            cell: (r) => t('offers.rules.summary', { hours: r.reminderAfterHours, days: r.expiresAfterDays }),
            hideBelow: 'md',
          },
          { header: t('offers.rules.eid'), cell: (r) => t(`offers.rules.eidModes.${r.eid}`), hideBelow: 'lg' },
          {
            header: t('offers.rules.active'),
            cell: (r) => (r.active ? <Badge colorPalette="green">{t('offers.rules.active')}</Badge> : <Badge>{t('offers.rules.inactive')}</Badge>),
          },
        ]}
      />
      {editing ? <RuleDialog rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onReload={() => void rules.refetch()} /> : null}
    </Stack>
  )
}

function RuleDialog({ rule, onClose, onReload }: { rule?: OfferRule; onClose: () => void; onReload: () => void }) {
  const { t } = useLanguage()
  const save = useSaveOfferRule()
  const form = useSchemaForm(ruleFormSchema, {
    defaultValues: rule
      ? { ...rule, bindingMonths: rule.bindingMonths ?? 0, country: rule.country as RuleForm['country'] }
      : {
          providerId: '',
          country: 'SE',
          terms: { sv: '', en: '', fi: '' },
          bindingMonths: 0,
          reminderAfterHours: 48,
          expiresAfterDays: 14,
          eid: 'off',
          active: true,
        },
  })
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: 'all',
    save: async (values) => {
      const input: OfferRuleInput = { ...values, bindingMonths: values.bindingMonths || null, version: rule?.version }
      await save(rule?.id ?? null, input)
      snackbar.success(t('offers.rules.saved'))
      onClose()
    },
  })
  return (
    <FormDialog title={rule ? t('offers.rules.edit') : t('offers.rules.add')} testId="offer-rule-dialog" size="lg" scroll {...dialog.props}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('offers.rules.provider')} error={form.formState.errors.providerId} required>
          <Controller
            control={form.control}
            name="providerId"
            render={({ field }) => (
              <LookupNativeSelect
                kind="providers"
                label={t('offers.rules.provider')}
                emptyLabel="–"
                value={field.value || undefined}
                onChange={(v) => field.onChange(v ?? '')}
              />
            )}
          />
        </FormField>
        <SelectField
          form={form}
          name="country"
          label={t('offers.rules.country')}
          required
          options={(['SE', 'FI'] as const).map((c) => ({ value: c, label: t(`offers.rules.countries.${c}`) }))}
        />
      </SimpleGrid>
      <TextAreaField form={form} name="terms.sv" label={t('offers.rules.termsSv')} rows={4} required />
      <TextAreaField form={form} name="terms.en" label={t('offers.rules.termsEn')} helper={t('offers.rules.termsHelp')} rows={3} />
      <TextAreaField form={form} name="terms.fi" label={t('offers.rules.termsFi')} helper={t('offers.rules.termsHelp')} rows={3} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <NumberField form={form} name="bindingMonths" label={t('offers.rules.bindingMonths')} helper={t('offers.rules.bindingHelp')} min={0} max={60} />
        <NumberField form={form} name="reminderAfterHours" label={t('offers.rules.reminderAfterHours')} min={1} max={336} required />
        <NumberField form={form} name="expiresAfterDays" label={t('offers.rules.expiresAfterDays')} min={1} max={60} required />
      </SimpleGrid>
      <SelectField
        form={form}
        name="eid"
        label={t('offers.rules.eid')}
        helper={t('offers.rules.eidHelp')}
        options={OFFER_EID_MODES.map((m) => ({ value: m, label: t(`offers.rules.eidModes.${m}`) }))}
      />
      <CheckField form={form} name="active" label={t('offers.rules.active')} />
    </FormDialog>
  )
}
