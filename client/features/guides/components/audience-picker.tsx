import { CloseButton, NativeSelect, SimpleGrid, Stack, Tag, Text, Wrap } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { Audience } from '../../../../shared/schemas/guides'
import { useLookup, type LookupKind } from '../../../components/ui/lookup/lookup-api'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { roleName } from '../../../lib/role-name'
import { useAudienceRoles } from '../api/guides-queries'

type Dimension = keyof Audience

/**
 * Who sees a category or a guide (docs/decisions/069): roles, and the offices, teams and providers that narrow them.
 * Each list empty means "no narrowing"; the words under it say what the whole choice means.
 */
export function AudiencePicker(props: { value: Audience; onChange: (next: Audience) => void; testId?: string }) {
  const { t } = useTranslation()
  const roles = useAudienceRoles()
  const set = (d: Dimension, ids: string[]) => props.onChange({ ...props.value, [d]: ids })
  // A built-in role in the reader's language; a role the organisation made, by the name it gave it.
  const roleItems = (roles.data?.items ?? []).map((r) => ({ id: r.id, label: roleName(t, r.key, r.name) }))
  return (
    <Stack gap="3" data-testid={props.testId}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Choice
          label={t('guides.audience.roles')}
          all={t('guides.audience.allRoles')}
          ids={props.value.roles}
          items={roleItems}
          onChange={(ids) => set('roles', ids)}
        />
        <LookupChoice
          kind="offices"
          label={t('guides.audience.offices')}
          all={t('guides.audience.allOffices')}
          ids={props.value.offices}
          onChange={(ids) => set('offices', ids)}
        />
        <LookupChoice
          kind="teams"
          search
          label={t('guides.audience.teams')}
          all={t('guides.audience.allTeams')}
          ids={props.value.teams}
          onChange={(ids) => set('teams', ids)}
        />
        <LookupChoice
          kind="providers"
          label={t('guides.audience.providers')}
          all={t('guides.audience.allProviders')}
          ids={props.value.providers}
          onChange={(ids) => set('providers', ids)}
        />
      </SimpleGrid>
    </Stack>
  )
}

/** The chosen ones as tags and a way to add one, from a list of choices. */
export function Choice(props: {
  label: string
  all: string
  ids: string[]
  items: Array<{ id: string; label: string }>
  onChange: (ids: string[]) => void
  adder?: React.ReactNode
}) {
  const { t } = useTranslation()
  const labelOf = (id: string) => props.items.find((i) => i.id === id)?.label ?? '…'
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {props.label}
      </Text>
      {props.ids.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {props.all}
        </Text>
      ) : (
        <Wrap gap="1">
          {props.ids.map((id) => (
            <Tag.Root key={id} size="md">
              <Tag.Label>{labelOf(id)}</Tag.Label>
              <Tag.EndElement>
                <CloseButton
                  size="2xs"
                  aria-label={t('guides.audience.remove', { name: labelOf(id) })}
                  onClick={() => props.onChange(props.ids.filter((x) => x !== id))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
      {props.adder ?? (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={t('guides.audience.add', { what: props.label })}
            value=""
            onChange={(e) => {
              const id = e.currentTarget.value
              if (id && !props.ids.includes(id)) props.onChange([...props.ids, id])
            }}
          >
            <option value="">{t('guides.audience.add', { what: props.label })}</option>
            {props.items
              .filter((i) => !props.ids.includes(i.id))
              .map((i) => (
                <option key={i.id} value={i.id}>
                  {i.label}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Stack>
  )
}

/** A choice over one of the organisation's lookups: a select of all (offices, providers) or a search (teams). */
export function LookupChoice(props: { kind: LookupKind; search?: boolean; label: string; all: string; ids: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation()
  const listed = useLookup(props.kind, {}, !props.search)
  const chosen = useLookup(props.kind, { ids: props.ids.join(',') }, props.ids.length > 0)
  const items = [...(listed.data?.items ?? []), ...(chosen.data?.items ?? [])]
    .filter((i, n, all) => all.findIndex((x) => x.id === i.id) === n)
    .map((i) => ({ id: i.id, label: i.label }))
  return (
    <Choice
      label={props.label}
      all={props.all}
      ids={props.ids}
      items={items}
      onChange={props.onChange}
      adder={
        props.search ? (
          <LookupCombobox
            kind={props.kind}
            inDialog
            label={t('guides.audience.add', { what: props.label })}
            placeholder={t('guides.audience.find')}
            value={undefined}
            onChange={(id) => {
              if (id && !props.ids.includes(id)) props.onChange([...props.ids, id])
            }}
          />
        ) : undefined
      }
    />
  )
}

/** Who an audience admits, in words: "everyone who may read guides", or its lists by name. */
export function AudienceSummary({ audience }: { audience: Audience }) {
  const { t } = useTranslation()
  const roles = useAudienceRoles()
  const offices = useLookup('offices', { ids: audience.offices.join(',') }, audience.offices.length > 0)
  const teams = useLookup('teams', { ids: audience.teams.join(',') }, audience.teams.length > 0)
  const providers = useLookup('providers', { ids: audience.providers.join(',') }, audience.providers.length > 0)
  const names = (ids: string[], items: Array<{ id: string; label?: string; name?: string }> | undefined) =>
    ids
      .map((id) => {
        const i = items?.find((x) => x.id === id)
        return i?.label ?? i?.name ?? '…'
      })
      .join(', ')
  const parts = [
    audience.roles.length > 0
      ? `${t('guides.audience.roles')}: ${names(
          audience.roles,
          roles.data?.items.map((r) => ({ id: r.id, label: roleName(t, r.key, r.name) })),
        )}`
      : null,
    audience.offices.length > 0 ? `${t('guides.audience.offices')}: ${names(audience.offices, offices.data?.items)}` : null,
    audience.teams.length > 0 ? `${t('guides.audience.teams')}: ${names(audience.teams, teams.data?.items)}` : null,
    audience.providers.length > 0 ? `${t('guides.audience.providers')}: ${names(audience.providers, providers.data?.items)}` : null,
  ].filter((x): x is string => x !== null)
  return (
    <Text fontSize="sm" color={parts.length === 0 ? 'fg.muted' : undefined} data-testid="audience-summary">
      {parts.length === 0 ? t('guides.audience.everyone') : parts.join(' · ')}
    </Text>
  )
}
