import { Badge, Code, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { DOMAIN_PATTERN, identityProviderInputSchema, type IdentityProviderItem } from '../../../../shared/schemas/sso'
import { Check } from '../../../components/ui/check'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { Page } from '../../../components/ui/page'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { RowActions } from '../../../components/ui/row-actions'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import {
  createIdentityProvider,
  deleteIdentityProvider,
  updateIdentityProvider,
  useIdentityProviders,
  useRefreshIdentityProviders,
  useRoleChoices,
} from '../api/identity-providers-api'
import { RoleMappingsDialog } from '../components/role-mappings-dialog'

/** The address a provider sends people back to: what the administrator registers at the provider. */
const callbackOf = (key: string) => `${window.location.origin}/api/auth/sso/${key || '…'}/callback`

/**
 * /user-admin/identity-providers (issue 74, decision 093): the organisation's own identity providers (Microsoft Entra
 * ID, Google Workspace, Okta, an eID broker for BankID), each a button on the sign-in page, with how a person
 * coming back is matched to an account and how many are linked.
 */
export default function IdentityProvidersPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const providers = useIdentityProviders()
  const refresh = useRefreshIdentityProviders()
  const [editing, setEditing] = useState<IdentityProviderItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<IdentityProviderItem | null>(null)
  const [mapping, setMapping] = useState<IdentityProviderItem | null>(null)
  const mayUpdate = ability.can('update', 'identity_providers')
  const done = (message: string) => {
    snackbar.success(message)
    void refresh()
  }

  return (
    <Page title={t('routes.user-admin-identity-providers')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('identityProviders.intro')}
        </Text>
        <CreateButton show={mayUpdate} label={t('identityProviders.create')} onClick={() => setEditing('new')} />
        <QueryTable
          query={providers}
          empty={t('identityProviders.empty')}
          label={t('routes.user-admin-identity-providers')}
          rowKey={(x) => x.id}
          rowTestId="identity-provider-row"
          columns={[
            {
              header: t('identityProviders.label'),
              strong: true,
              cell: (x) => (
                <>
                  {x.label}{' '}
                  {x.active ? null : (
                    <Badge colorPalette="gray" variant="subtle">
                      {t('identityProviders.off')}
                    </Badge>
                  )}{' '}
                  {x.fromEnv ? (
                    <Badge colorPalette="blue" variant="subtle" title={t('identityProviders.fromEnvHelp')}>
                      {t('identityProviders.fromEnv')}
                    </Badge>
                  ) : null}
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal" wordBreak="break-all">
                    {x.issuer}
                  </Text>
                </>
              ),
            },
            { header: t('identityProviders.key'), hideBelow: 'sm', mono: true, cell: (x) => x.key },
            {
              header: t('identityProviders.roles'),
              hideBelow: 'md',
              cell: (x) => t('identityProviders.rolesSummary', { mapped: x.roleMappings.length, required: x.requiredForRoleIds.length }),
            },
            { header: t('identityProviders.linked'), end: true, cell: (x) => x.linkedCount },
          ]}
          actions={
            mayUpdate
              ? (x) =>
                  x.fromEnv ? (
                    <Text fontSize="xs" color="fg.muted" textAlign="end">
                      {t('identityProviders.fromEnvHelp')}
                    </Text>
                  ) : (
                    <RowActions
                      name={x.label}
                      editLabel={t('identityProviders.edit')}
                      deleteLabel={t('identityProviders.delete')}
                      onEdit={() => setEditing(x)}
                      onDelete={() => setDeleting(x)}
                      extra={[{ label: t('identityProviders.mappings'), onClick: () => setMapping(x) }]}
                    />
                  )
              : undefined
          }
        />
      </Stack>
      {mapping ? <RoleMappingsDialog provider={mapping} onClose={() => setMapping(null)} onSaved={done} onConflict={() => void providers.refetch()} /> : null}
      {editing ? <ProviderDialog provider={editing} onClose={() => setEditing(null)} onSaved={done} onConflict={() => void providers.refetch()} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('identityProviders.deleteTitle', { name: deleting?.label ?? '' })}
        text={t('identityProviders.deleteText', { count: deleting?.linkedCount ?? 0 })}
        blocked={null}
        deleteLabel={t('identityProviders.delete')}
        testId="delete-identity-provider"
        onDelete={async () => {
          await deleteIdentityProvider(deleting!.id)
          done(t('identityProviders.deleted', { name: deleting!.label }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

/** The form's own shape: the allowed domains as one line of text, a role as '' for none. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean)
const formSchema = identityProviderInputSchema.extend({
  // Checked as one field, so its message stands under it.
  allowedDomains: z
    .string()
    .refine((v) => domainsOf(v).every((d) => DOMAIN_PATTERN.test(d)), { error: 'validation.domain' })
    .transform(domainsOf),
  jitRoleId: z.string().transform((v) => v || null),
  acrValues: z.string().transform((v) => v.trim() || null),
  identityNumberClaim: z.string().transform((v) => v.trim() || null),
  groupsClaim: z.enum(['', 'groups', 'roles']).transform((v) => v || null),
})

function ProviderDialog(props: { provider: IdentityProviderItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.provider === 'new' ? null : props.provider
  const roles = useRoleChoices()
  const form = useSchemaForm(formSchema, {
    defaultValues: {
      key: existing?.key ?? '',
      label: existing?.label ?? '',
      issuer: existing?.issuer ?? '',
      clientId: existing?.clientId ?? '',
      clientSecret: existing ? undefined : '',
      scopes: existing?.scopes ?? 'openid email profile',
      acrValues: existing?.acrValues ?? '',
      subjectClaim: existing?.subjectClaim ?? 'sub',
      matchByEmail: existing?.matchByEmail ?? false,
      trustEmails: existing?.trustEmails ?? false,
      allowedDomains: (existing?.allowedDomains ?? []).join(', '),
      jitRoleId: existing?.jitRoleId ?? '',
      identityNumberClaim: existing?.identityNumberClaim ?? '',
      groupsClaim: existing?.groupsClaim ?? '',
      requiredForRoleIds: existing?.requiredForRoleIds ?? [],
      active: existing?.active ?? true,
    },
  })
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: 'all',
    onConflict: props.onConflict,
    save: async (values) => {
      // A blank secret on a change keeps the stored one.
      const input = { ...values, clientSecret: existing && !values.clientSecret ? undefined : values.clientSecret }
      if (existing) await updateIdentityProvider(existing.id, { ...input, version: existing.version })
      else await createIdentityProvider(input)
      props.onSaved(t(existing ? 'identityProviders.saved' : 'identityProviders.created', { name: values.label }))
      props.onClose()
    },
  })
  const key = form.watch('key')
  const check = (name: 'matchByEmail' | 'trustEmails' | 'active', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <Check checked={!!field.value} onChange={field.onChange} name={field.name} onBlur={field.onBlur} label={label} />}
    />
  )
  return (
    <FormDialog
      title={existing ? t('identityProviders.editTitle', { name: existing.label }) : t('identityProviders.createTitle')}
      testId="identity-provider-dialog"
      size="lg"
      {...dialog.props}
    >
      <TextField form={form} name="label" label={t('identityProviders.label')} helper={t('identityProviders.labelHelp')} autoComplete="off" required />
      <TextField
        form={form}
        name="key"
        label={t('identityProviders.key')}
        helper={t('identityProviders.keyHelp')}
        autoComplete="off"
        fontFamily="mono"
        required
      />
      <Text fontSize="sm" color="fg.muted">
        {t('identityProviders.callback')} <Code wordBreak="break-all">{callbackOf(key)}</Code>
      </Text>
      <TextField
        form={form}
        name="issuer"
        label={t('identityProviders.issuer')}
        helper={t('identityProviders.issuerHelp')}
        type="url"
        autoComplete="off"
        placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
        required
      />
      <TextField form={form} name="clientId" label={t('identityProviders.clientId')} autoComplete="off" required />
      <TextField
        form={form}
        name="clientSecret"
        label={t('identityProviders.clientSecret')}
        helper={existing?.hasSecret ? t('identityProviders.secretKept') : t('identityProviders.secretHelp')}
        type="password"
        autoComplete="new-password"
      />
      <CodeField form={form} name="scopes" />
      <CodeField form={form} name="acrValues" helper="acrHelp" />
      <SelectField
        form={form}
        name="subjectClaim"
        label={t('identityProviders.subjectClaim')}
        options={[
          { value: 'sub', label: t('identityProviders.subjects.sub') },
          { value: 'oid', label: t('identityProviders.subjects.oid') },
        ]}
      />
      <TextField
        form={form}
        name="allowedDomains"
        label={t('identityProviders.allowedDomains')}
        helper={t('identityProviders.domainsHelp')}
        autoComplete="off"
        placeholder="foretaget.se"
      />
      {check('matchByEmail', t('identityProviders.matchByEmail'))}
      {check('trustEmails', t('identityProviders.trustEmails'))}
      <SelectField
        form={form}
        name="jitRoleId"
        label={t('identityProviders.jitRole')}
        helper={t('identityProviders.jitHelp')}
        empty={t('identityProviders.noJit')}
        disabled={!roles.data}
        options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
      />
      <ProviderAccessFields form={form} roles={roles.data?.items} />
      {check('active', t('identityProviders.active'))}
    </FormDialog>
  )
}

/** Who signs in as whom beyond the link: the identity number claim, roles from groups, roles that need the provider. */
function ProviderAccessFields({ form, roles }: { form: ProviderForm; roles: Array<{ id: string; name: string }> | undefined }) {
  const { t } = useTranslation()
  return (
    <>
      <CodeField form={form} name="identityNumberClaim" helper="identityNumberHelp" placeholder="ssn" />
      <SelectField
        form={form}
        name="groupsClaim"
        label={t('identityProviders.groupsClaim')}
        helper={t('identityProviders.groupsHelp')}
        options={[
          { value: '', label: t('identityProviders.groupsNone') },
          { value: 'groups', label: 'groups' },
          { value: 'roles', label: 'roles' },
        ]}
      />
      <Controller
        control={form.control}
        name="requiredForRoleIds"
        render={({ field, fieldState }) => (
          <Stack gap="1" role="group" aria-label={t('identityProviders.requiredFor')} data-testid="required-roles">
            <Text fontWeight="medium" fontSize="sm">
              {t('identityProviders.requiredFor')}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('identityProviders.requiredHelp')}
            </Text>
            {(roles ?? []).map((r) => {
              const chosen = field.value ?? []
              return (
                <Check
                  key={r.id}
                  label={r.name}
                  checked={chosen.includes(r.id)}
                  onChange={(on) => field.onChange(on ? [...chosen, r.id] : chosen.filter((id) => id !== r.id))}
                />
              )
            })}
            {fieldState.error?.message ? (
              <Text color="fg.error" fontSize="sm">
                {t(fieldState.error.message)}
              </Text>
            ) : null}
          </Stack>
        )}
      />
    </>
  )
}

type ProviderForm = UseFormReturn<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>

/** A protocol value's field (scopes, acr_values, a claim's name): typed as the provider spells it, in a fixed-width font. */
function CodeField(props: { form: ProviderForm; name: 'scopes' | 'acrValues' | 'identityNumberClaim'; helper?: string; placeholder?: string }) {
  const { t } = useTranslation()
  const helper = props.helper ? t(`identityProviders.${props.helper}`) : undefined
  return (
    <TextField
      form={props.form}
      name={props.name}
      label={t(`identityProviders.${props.name}`)}
      helper={helper}
      placeholder={props.placeholder}
      autoComplete="off"
      fontFamily="mono"
    />
  )
}
