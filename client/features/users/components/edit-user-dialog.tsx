import { Button, Checkbox, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Text, Wrap } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { Controller, type FieldError, type UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  SENSITIVE_USER_FIELDS,
  USER_EDITABLE_FIELDS,
  updateUserInputSchema,
  userEditOf,
  type SensitiveUserField,
  type UserDetail,
} from '../../../../shared/schemas/users'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { useLookup } from '../../../components/ui/lookup/lookup-api'
import { useAbility } from '../../../lib/session'
import { canGrantRules } from '../../../../shared/permissions/grant'
import { CAN_VIEW_TEAM_RULES } from '../../../../shared/permissions/roles'
import { roleName } from '../../../lib/role-name'
import { updateUser } from '../api/users-api'
import { TeamChoice } from './user-action-dialogs'
import { CheckField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'
import { useRoleOptions, useUserTitles } from '../api/users-queries'

type FormIn = z.input<typeof updateUserInputSchema>
const FIELDS = [...USER_EDITABLE_FIELDS, ...SENSITIVE_USER_FIELDS, 'providerIds'] as const

/**
 * Edit a user on the version the editor saw (decision 033). The sensitive fields start empty: empty keeps what is
 * stored, a value replaces it, "remove" clears it; the stored values never reach the form.
 */
export function EditUserDialog(props: { open: boolean; onClose: () => void; user: UserDetail; onSaved: (u: UserDetail) => void; onReload: () => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const mayGiveTeamView = canGrantRules(ability, [...CAN_VIEW_TEAM_RULES])
  const mayReadProviders = ability.can('view', 'providers')
  const providerChoices = useLookup('providers', {}, props.open && mayReadProviders)
  const u = props.user
  const [removing, setRemoving] = useState<Set<SensitiveUserField>>(new Set())
  const roles = useRoleOptions({ enabled: props.open })
  const form = useSchemaForm(updateUserInputSchema, {
    defaultValues: { ...userEditOf(u), canViewTeam: u.canViewTeam, providerIds: u.providers.map((p) => p.id) },
  })
  const { errors } = form.formState

  const dialog = useFormDialog(form, {
    open: props.open,
    onClose: props.onClose,
    onReload: props.onReload,
    fields: FIELDS,
    save: async (values) => {
      const body: FormIn = { ...values }
      // Someone who may not read the providers leaves them as they are.
      if (!mayReadProviders) delete body.providerIds
      // An empty sensitive field keeps the stored value: leave it out; "remove" sends null.
      for (const key of SENSITIVE_USER_FIELDS) {
        if (removing.has(key)) body[key] = null
        else if (!values[key]) delete body[key]
      }
      props.onSaved(await updateUser(u.id, body))
    },
  })

  const currentOffered = (roles.data?.items ?? []).some((r) => r.id === u.roleId)
  const text = (name: (typeof USER_EDITABLE_FIELDS)[number] | SensitiveUserField, opts: { type?: string; required?: boolean; autoComplete?: string } = {}) => (
    <FormField label={t(`userAdmin.fields.${name}`)} error={errors[name]} required={opts.required}>
      <Input type={opts.type ?? 'text'} autoComplete={opts.autoComplete ?? 'off'} {...form.register(name as 'email')} />
    </FormField>
  )
  const sensitive = (name: SensitiveUserField) => (
    <SensitiveField
      label={t(`userAdmin.fields.${name}`)}
      error={errors[name]}
      stored={u.sensitive?.[name]}
      gone={removing.has(name)}
      input={form.register(name)}
      onToggle={() =>
        setRemoving((r) => {
          const next = new Set(r)
          if (next.has(name)) next.delete(name)
          else next.add(name)
          return next
        })
      }
    />
  )

  return (
    <FormDialog title={t('userAdmin.edit.title', { name: u.fullName })} testId="edit-user-dialog" {...dialog.props} size="lg">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {text('firstName', { required: true })}
        {text('lastName', { required: true })}
        {text('email', { type: 'email', required: true })}
        {text('phone', { type: 'tel' })}
        {text('shortName')}
        {text('employeeId')}
        <TitleField input={form.register('title')} error={errors.title} />
        <FormField label={t('userAdmin.fields.roleId')} error={errors.roleId} required>
          {/* Controlled: the choices arrive after the form, and an uncontrolled select would fall to the first one. */}
          <Controller
            control={form.control}
            name="roleId"
            render={({ field }) => (
              <RoleSelect
                field={field}
                options={roles.data?.items}
                pending={roles.isPending}
                current={currentOffered ? null : { id: u.roleId, label: roleName(t, u.roleKey, u.roleName) }}
              />
            )}
          />
        </FormField>
        <FormField label={t('userAdmin.fields.teamId')} error={errors.teamId}>
          <Controller
            control={form.control}
            name="teamId"
            render={({ field }) => <TeamChoice label={t('userAdmin.fields.teamId')} value={field.value ?? null} onChange={field.onChange} />}
          />
        </FormField>
        <FormField label={t('userAdmin.fields.language')} error={errors.language}>
          <Controller control={form.control} name="language" render={({ field }) => <LanguageChoice field={field} />} />
        </FormField>
        {text('employmentDate', { type: 'date' })}
        {text('educationDate', { type: 'date' })}
        {text('coachAssignedDate', { type: 'date' })}
      </SimpleGrid>
      <CheckField form={form} name="driversLicense" label={t('userAdmin.fields.driversLicense')} />
      <Controller control={form.control} name="canViewTeam" render={({ field }) => <TeamViewCheck field={field} mayGive={mayGiveTeamView} />} />
      {mayReadProviders ? (
        <Controller
          control={form.control}
          name="providerIds"
          render={({ field }) => (
            <ProviderChecks
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              choices={providerChoices.data?.items}
              pending={providerChoices.isPending}
              error={errors.providerIds?.message}
            />
          )}
        />
      ) : null}
      {u.sensitive ? (
        <>
          <Text fontWeight="semibold" fontSize="sm">
            {t('userAdmin.detail.sensitive')}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            {SENSITIVE_USER_FIELDS.map((f) => (
              <div key={f}>{sensitive(f)}</div>
            ))}
          </SimpleGrid>
        </>
      ) : null}
    </FormDialog>
  )
}

type ProviderChoice = { id: string; label: string; inactive?: boolean }

/** The providers a person sells for: the active ones, and any archived one they still have (taken away, not given). */
function ProviderChecks(props: {
  value: string[]
  onChange: (ids: string[]) => void
  onBlur: () => void
  choices: ProviderChoice[] | undefined
  pending: boolean
  error?: string
}) {
  const { t } = useTranslation()
  const chosen = new Set(props.value)
  const items = (props.choices ?? []).filter((p) => !p.inactive || chosen.has(p.id))
  return (
    <Fieldset.Root invalid={!!props.error}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('userAdmin.fields.providers')}
      </Fieldset.Legend>
      <Wrap gap="4" data-testid="user-providers-choice">
        {props.pending ? <Text color="fg.muted">{t('app.loading')}</Text> : null}
        {items.map((p) => (
          <Check
            key={p.id}
            checked={chosen.has(p.id)}
            onChange={(checked) => {
              const next = new Set(chosen)
              if (checked) next.add(p.id)
              else next.delete(p.id)
              props.onChange([...next])
            }}
            onBlur={props.onBlur}
            label={p.inactive ? t('orgAdmin.teams.providerArchived', { name: p.label }) : p.label}
          />
        ))}
      </Wrap>
      {props.error ? <Fieldset.ErrorText>{props.error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  )
}

/**
 * A sensitive field (identity and bank numbers): empty keeps the stored value, shown masked as the placeholder; a
 * value replaces it; "remove" clears it on save.
 */
function SensitiveField(props: {
  label: string
  error?: FieldError
  stored: string | null | undefined
  gone: boolean
  input: UseFormRegisterReturn
  onToggle: () => void
}) {
  const { t } = useTranslation()
  const { stored, gone } = props
  return (
    <FormField label={props.label} error={props.error} helper={gone ? t('userAdmin.edit.removed') : stored ? t('userAdmin.edit.sensitiveKeep') : undefined}>
      <HStack gap="2">
        <Input autoComplete="off" inputMode="numeric" placeholder={stored ?? ''} disabled={gone} {...props.input} />
        {stored ? (
          <Button size="sm" variant="ghost" aria-pressed={gone} onClick={props.onToggle}>
            {gone ? t('table.cancel') : t('userAdmin.edit.remove')}
          </Button>
        ) : null}
      </HStack>
    </FormField>
  )
}

type BoundField<V> = { name: string; value: V; onChange: (value: V) => void; onBlur: () => void }

/**
 * The role, controlled: the choices arrive after the form, and an uncontrolled select would fall to the first one. A
 * role the editor may not give stays offered as the current one.
 */
function RoleSelect(props: {
  field: BoundField<string>
  options: Array<{ id: string; key: string | null; name: string }> | undefined
  pending: boolean
  current: { id: string; label: string } | null
}) {
  const { t } = useTranslation()
  const { field } = props
  return (
    <NativeSelect.Root disabled={props.pending}>
      <NativeSelect.Field name={field.name} value={field.value} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur}>
        {props.current ? <option value={props.current.id}>{t('userAdmin.edit.currentRole', { role: props.current.label })}</option> : null}
        {(props.options ?? []).map((r) => (
          <option key={r.id} value={r.id}>
            {roleName(t, r.key, r.name)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** Seeing one's team: giving it gives a rule, so only one who holds it may (the server checks the same). */
function TeamViewCheck({ field, mayGive }: { field: BoundField<boolean | undefined>; mayGive: boolean }) {
  const { t } = useTranslation()
  return (
    <Checkbox.Root checked={field.value} disabled={!field.value && !mayGive} onCheckedChange={(e) => field.onChange(!!e.checked)}>
      <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>
        {t('userAdmin.fields.canViewTeam')}
        <Text as="span" display="block" color="fg.muted" fontSize="xs" fontWeight="normal">
          {t('userAdmin.fields.canViewTeamHelp')}
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  )
}

/** The title: the organisation's titles as suggestions; a new one typed here joins the list (decision 040). */
function TitleField({ input, error }: { input: UseFormRegisterReturn; error?: FieldError }) {
  const { t } = useTranslation()
  const listId = useId()
  const titles = useUserTitles()
  return (
    <FormField label={t('userAdmin.fields.title')} error={error}>
      <Input autoComplete="off" list={listId} {...input} />
      <datalist id={listId}>
        {(titles.data?.items ?? []).map((x) => (
          <option key={x} value={x} />
        ))}
      </datalist>
    </FormField>
  )
}

/** The language the person reads the app in, or none (the organisation's). */
function LanguageChoice({ field }: { field: BoundField<FormIn['language']> }) {
  const { t } = useTranslation()
  return (
    <Choices
      value={field.value ?? ''}
      onChange={(e) => field.onChange((e.currentTarget.value || null) as FormIn['language'])}
      empty={t('userAdmin.detail.languages.none')}
      options={(['sv', 'en', 'fi'] as const).map((l) => ({ value: l, label: t(`userAdmin.detail.languages.${l}`) }))}
    />
  )
}
