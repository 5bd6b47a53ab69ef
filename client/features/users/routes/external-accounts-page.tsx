import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { externalTemplateInputSchema, type ExternalTemplateItem } from '../../../../shared/schemas/external-accounts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createExternalTemplate, deleteExternalTemplate, updateExternalTemplate } from '../api/external-accounts-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { RowActions } from '../../../components/ui/row-actions'
import { useFormDialog, useZodCheck, TextField, TextAreaField } from '../../../components/ui/form-kit'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { useExternalTemplates, useRefreshUsersExternalTemplates } from '../api/users-queries'

/**
 * /user-admin/external-accounts (decision 043): the outside systems sellers sign in to, each with how its user
 * names are formed and how many people have an account there. A user's account is set on their page.
 */
export default function ExternalAccountsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshUsersExternalTemplates = useRefreshUsersExternalTemplates()
  const templates = useExternalTemplates()
  const [editing, setEditing] = useState<ExternalTemplateItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ExternalTemplateItem | null>(null)
  const may = {
    create: ability.can('create', 'external_account_templates'),
    update: ability.can('update', 'external_account_templates'),
    delete: ability.can('delete', 'external_account_templates'),
  }
  const done = (message: string) => {
    snackbar.success(message)
    void refreshUsersExternalTemplates()
  }

  return (
    <Page title={t('routes.user-admin-external-accounts')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('externalAccounts.intro')}
        </Text>
        <CreateButton show={may.create} label={t('externalAccounts.create')} onClick={() => setEditing('new')} />
        <QueryTable
          query={templates}
          empty={t('externalAccounts.empty')}
          label={t('routes.user-admin-external-accounts')}
          rowKey={(x) => x.id}
          rowTestId="external-template-row"
          columns={[
            {
              header: t('externalAccounts.name'),
              strong: true,
              cell: (x) => (
                <>
                  {x.name}
                  {x.loginUrl ? (
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal" wordBreak="break-all">
                      {x.loginUrl}
                    </Text>
                  ) : null}
                </>
              ),
            },
            { header: t('externalAccounts.usernamePattern'), hideBelow: 'sm', mono: true, cell: (x) => x.usernamePattern },
            { header: t('externalAccounts.accounts'), end: true, cell: (x) => x.accountCount },
          ]}
          actions={
            may.update || may.delete
              ? (x) => (
                  <RowActions
                    name={x.name}
                    editLabel={t('externalAccounts.edit')}
                    deleteLabel={t('externalAccounts.delete')}
                    onEdit={may.update ? () => setEditing(x) : undefined}
                    onDelete={may.delete ? () => setDeleting(x) : undefined}
                  />
                )
              : undefined
          }
        />
      </Stack>
      {editing ? <TemplateDialog template={editing} onClose={() => setEditing(null)} onSaved={done} onConflict={() => void templates.refetch()} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('externalAccounts.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('externalAccounts.deleteText', { count: deleting?.accountCount ?? 0 })}
        blocked={null}
        deleteLabel={t('externalAccounts.delete')}
        testId="delete-external-template"
        onDelete={async () => {
          await deleteExternalTemplate(deleting!.id)
          done(t('externalAccounts.deleted', { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

type TemplateForm = { name: string; loginUrl: string; usernamePattern: string; instructions: string }

function TemplateDialog(props: { template: ExternalTemplateItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.template === 'new' ? null : props.template
  const form = useForm<TemplateForm>({
    resolver: useZodCheck(externalTemplateInputSchema),
    defaultValues: {
      name: existing?.name ?? '',
      loginUrl: existing?.loginUrl ?? '',
      usernamePattern: existing?.usernamePattern ?? '{firstName}.{lastName}',
      instructions: existing?.instructions ?? '',
    },
  })
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['name', 'loginUrl', 'usernamePattern', 'instructions'],
    onConflict: props.onConflict,
    save: async (values) => {
      const saved = existing ? await updateExternalTemplate(existing.id, { ...values, version: existing.version }) : await createExternalTemplate(values)
      props.onSaved(t(existing ? 'externalAccounts.saved' : 'externalAccounts.created', { name: saved.name }))
      props.onClose()
    },
  })
  return (
    <FormDialog
      title={existing ? t('externalAccounts.editTitle', { name: existing.name }) : t('externalAccounts.createTitle')}
      testId="external-template-dialog"
      {...dialog.props}
    >
      <TextField form={form} name="name" label={t('externalAccounts.name')} autoComplete="off" required />
      <TextField form={form} name="loginUrl" label={t('externalAccounts.loginUrl')} type="url" autoComplete="off" placeholder="https://" />
      <TextField
        form={form}
        name="usernamePattern"
        label={t('externalAccounts.usernamePattern')}
        helper={t('externalAccounts.usernamePatternHelp')}
        autoComplete="off"
        fontFamily="mono"
        required
      />
      <TextAreaField form={form} name="instructions" label={t('externalAccounts.instructions')} rows={3} />
    </FormDialog>
  )
}
