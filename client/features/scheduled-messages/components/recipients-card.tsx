import { Box, CloseButton, SimpleGrid, Stack, Tag, Text, Wrap } from '@chakra-ui/react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RECIPIENT_RULE_NAMES } from '../../../../shared/rules/scheduled-messages'
import { FormAlert } from '../../../components/ui/form-alert'
import { SelectField } from '../../../components/ui/form-kit'
import { fetchLookup } from '../../../components/ui/lookup/lookup-api'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { roleName } from '../../../lib/role-name'
import type { MessageForm } from '../model/message-form'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'
import { SectionCard } from '../../../components/ui/section-card'
import { useMessageChoices } from '../api/scheduled-messages-queries'

type Kind = 'userIds' | 'teamIds' | 'officeIds' | 'roleIds'
const LOOKUP: Record<Exclude<Kind, 'roleIds'>, 'users' | 'teams' | 'offices'> = { userIds: 'users', teamIds: 'teams', officeIds: 'offices' }

/**
 * Who it goes to: everyone, or chosen people, teams, offices and roles (named from the message's answer or the
 * lookup), narrowed by a rule. Decided again at each send (decision 071).
 */
export function RecipientsCard(props: {
  form: UseFormReturn<MessageForm>
  names: Record<string, string>
  onName: (id: string, name: string) => void
  error: string | null
}) {
  const { t } = useTranslation()
  const { form, names } = props
  const values = useWatch({ control: form.control }) as MessageForm
  const choices = useMessageChoices()
  const roles = choices.data?.roles ?? []
  const forCandidates = values.rule === 'candidatesUnsignedContract'
  const add = async (kind: Kind, id: string | undefined) => {
    if (!id || values[kind].includes(id)) return
    if (!names[id] && kind !== 'roleIds') {
      const label = (await fetchLookup(LOOKUP[kind], { ids: id })).items[0]?.label
      if (label) props.onName(id, label)
    }
    form.setValue(kind, [...form.getValues(kind), id], { shouldDirty: true })
  }
  const remove = (kind: Kind, id: string) =>
    form.setValue(
      kind,
      form.getValues(kind).filter((x) => x !== id),
      { shouldDirty: true },
    )
  const chosen = (['teamIds', 'officeIds', 'roleIds', 'userIds'] as const).flatMap((kind) => values[kind].map((id) => ({ kind, id })))
  const roleLabel = (id: string) => {
    const role = roles.find((r) => r.id === id)
    return role ? roleName(t, role.key, role.name) : (names[id] ?? id)
  }
  const off = values.everyone || forCandidates
  return (
    <SectionCard level="h2" title={t('scheduled.sections.recipients')} subtitle={t('scheduled.recipientsIntro')}>
      <Stack gap="4">
        {props.error ? <FormAlert message={props.error} fontSize="sm" /> : null}
        <Check
          checked={values.everyone}
          disabled={forCandidates}
          onChange={(checked) => form.setValue('everyone', checked, { shouldDirty: true })}
          data-testid="message-everyone"
          label={t('scheduled.everyone')}
        />
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3" opacity={off ? 0.5 : 1} aria-disabled={off}>
          {(['teamIds', 'officeIds', 'userIds'] as const).map((kind) => (
            <Box key={kind} pointerEvents={off ? 'none' : undefined}>
              <Text fontSize="sm" mb="1">
                {t(`scheduled.${LOOKUP[kind] === 'users' ? 'people' : LOOKUP[kind]}`)}
              </Text>
              <LookupCombobox
                key={`${kind}-${values[kind].length}`}
                kind={LOOKUP[kind]}
                label={t(`scheduled.${LOOKUP[kind] === 'users' ? 'people' : LOOKUP[kind]}`)}
                placeholder={t('scheduled.searchToAdd')}
                value={undefined}
                onChange={(id) => void add(kind, id)}
              />
            </Box>
          ))}
          <Box pointerEvents={off ? 'none' : undefined}>
            <Text fontSize="sm" mb="1">
              {t('scheduled.roles')}
            </Text>
            <Choices
              size="sm"
              aria-label={t('scheduled.roles')}
              value=""
              onChange={(e) => void add('roleIds', e.currentTarget.value || undefined)}
              empty={t('scheduled.chooseRole')}
              options={roles.map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) }))}
            />
          </Box>
        </SimpleGrid>
        {off ? null : chosen.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('scheduled.noneChosen')}
          </Text>
        ) : (
          <Wrap gap="2" data-testid="message-chosen">
            {chosen.map((c) => {
              const label = c.kind === 'roleIds' ? roleLabel(c.id) : (names[c.id] ?? '…')
              return (
                <Tag.Root key={`${c.kind}:${c.id}`} size="lg" variant="subtle" colorPalette={c.kind === 'userIds' ? 'gray' : 'brand'}>
                  <Tag.Label>{label}</Tag.Label>
                  <Tag.EndElement>
                    <CloseButton size="2xs" aria-label={t('scheduled.removeChosen', { name: label })} onClick={() => remove(c.kind, c.id)} />
                  </Tag.EndElement>
                </Tag.Root>
              )
            })}
          </Wrap>
        )}
        <SelectField
          form={form}
          name="rule"
          label={t('scheduled.rule')}
          helper={t('scheduled.ruleHelp')}
          options={[{ value: '', label: t('scheduled.ruleNone') }, ...RECIPIENT_RULE_NAMES.map((r) => ({ value: r, label: t(`scheduled.rules.${r}`) }))]}
        />
      </Stack>
    </SectionCard>
  )
}
