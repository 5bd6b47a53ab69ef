import { Badge, Button, Flex, NativeSelect, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import type { AlertRecipientItem, AlertScope } from '../../../../shared/schemas/notifications'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { QueryTable } from '../../../components/ui/record-table'
import { LookupCombobox, LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { currentLanguage } from '../../../lib/i18n'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { addAlertRecipient, removeAlertRecipient } from '../api/notifications-api'
import { useAlertRecipients, useRefreshNotificationsAlertRecipients } from '../api/notifications-queries'

/**
 * /user-admin/users/deviations: who gets deviation alerts beyond the seller and the team's coaches, per team or
 * per office (docs/decisions/031). Added and removed here; the alerts follow at the next deviation.
 */
export default function AlertRecipientsPage() {
  const { t } = useTranslation()
  const refreshNotificationsAlertRecipients = useRefreshNotificationsAlertRecipients()
  const [adding, setAdding] = useState(false)
  // Reading is view users (only the people the reader may see); adding and removing take update users.
  const mayChange = useAbility().can('update', 'users')
  const list = useAlertRecipients()
  const refresh = () => void refreshNotificationsAlertRecipients()
  const place = (r: AlertRecipientItem) => `${t(`alertRecipients.scopes.${r.scope}`)} ${r.scopeName}`

  const remove = useMutation({
    mutationFn: (r: AlertRecipientItem) => removeAlertRecipient(r.id),
    onSuccess: (_, r) => snackbar.success(t('alertRecipients.removed', { name: r.userName, place: place(r) })),
    onError: (err) => snackbar.error(formErrorOf(err, t).message),
    onSettled: refresh,
  })
  const askRemove = async (r: AlertRecipientItem) => {
    const ok = await confirm({
      title: t('alertRecipients.removeTitle'),
      text: t('alertRecipients.removeText', { name: r.userName, place: place(r) }),
      confirmLabel: t('alertRecipients.removeButton'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) remove.mutate(r)
  }

  return (
    <Page
      title={t('routes.user-admin-users-deviations')}
      breadcrumbs={[{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-users'), to: '/user-admin/users' }]}
    >
      <Flex gap="4" align={{ base: 'stretch', md: 'flex-start' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Text color="fg.muted" maxW="2xl">
          {t('alertRecipients.intro')}
        </Text>
        {mayChange ? (
          <Button colorPalette="brand" onClick={() => setAdding(true)} flexShrink="0">
            {t('alertRecipients.add')}
          </Button>
        ) : null}
      </Flex>
      <QueryTable<AlertRecipientItem>
        query={list}
        empty={t('alertRecipients.empty')}
        emptyTestId="alert-recipients-empty"
        rowKey={(r) => r.id}
        testId="alert-recipients"
        rowTestId="alert-recipient-row"
        columns={[
          { header: t('alertRecipients.person'), cell: (r) => r.userName, strong: true },
          {
            header: t('alertRecipients.scope'),
            cell: (r) => (
              <>
                <Badge variant="subtle" colorPalette={r.scope === 'office' ? 'purple' : 'blue'} mr="2">
                  {t(`alertRecipients.scopes.${r.scope}`)}
                </Badge>
                {r.scopeName}
              </>
            ),
          },
          {
            header: t('alertRecipients.added'),
            cell: (r) => (
              <Text as="span" color="fg.muted">
                {formatDate(r.createdAt, currentLanguage())}
                {r.createdByName ? ` · ${r.createdByName}` : ''}
              </Text>
            ),
            hideBelow: 'md',
          },
        ]}
        actionsLabel={t('alertRecipients.actions')}
        actions={(r) =>
          mayChange ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t('alertRecipients.remove', { name: r.userName, place: place(r) })}
              loading={remove.isPending && remove.variables?.id === r.id}
              onClick={() => void askRemove(r)}
            >
              {t('alertRecipients.removeButton')}
            </Button>
          ) : null
        }
      />
      <AddRecipientDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(name, placeName) => {
          snackbar.success(t('alertRecipients.saved', { name, place: placeName }))
          refresh()
        }}
      />
    </Page>
  )
}

type AddForm = { userId: string | undefined; scope: AlertScope; scopeId: string | undefined }
const FIELDS = ['userId', 'scope', 'scopeId'] as const

function AddRecipientDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (name: string, place: string) => void }) {
  const { t } = useTranslation()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<AddForm>({ defaultValues: { userId: undefined, scope: 'team', scopeId: undefined } })
  const [names, setNames] = useState<{ user: string; place: string }>({ user: '', place: '' })
  const [scope, userId, scopeId] = useWatch({ control: form.control, name: ['scope', 'userId', 'scopeId'] })
  const { errors, isSubmitting } = form.formState
  const close = () => {
    form.reset()
    setFormError(null)
    onClose()
  }

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    let missing = false
    if (!values.userId) {
      form.setError('userId', { type: 'required', message: 'validation.required' })
      missing = true
    }
    if (!values.scopeId) {
      form.setError('scopeId', { type: 'required', message: 'validation.required' })
      missing = true
    }
    if (missing) return
    try {
      await addAlertRecipient({ userId: values.userId!, scope: values.scope, scopeId: values.scopeId! })
      onSaved(names.user, `${t(`alertRecipients.scopes.${values.scope}`)} ${names.place}`)
      close()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, FIELDS)) setFormError(formErrorOf(err, t).message)
    }
  })

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('alertRecipients.add')}
      testId="add-alert-recipient"
      onSubmit={submit}
      submitting={isSubmitting}
      formError={formError}
    >
      <FormField label={t('alertRecipients.person')} error={errors.userId} required>
        <LookupCombobox
          kind="users"
          label={t('alertRecipients.person')}
          value={userId}
          onChange={(id) => {
            form.setValue('userId', id)
            form.clearErrors('userId')
          }}
          onLabel={(label) => setNames((n) => ({ ...n, user: label }))}
          inDialog
        />
      </FormField>
      <FormField label={t('alertRecipients.scope')} error={errors.scope} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            {...form.register('scope', {
              onChange: () => {
                form.setValue('scopeId', undefined)
              },
            })}
          >
            <option value="team">{t('alertRecipients.scopes.team')}</option>
            <option value="office">{t('alertRecipients.scopes.office')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={scope === 'team' ? t('alertRecipients.team') : t('alertRecipients.office')} error={errors.scopeId} required>
        <LookupNativeSelect
          key={scope}
          kind={scope === 'team' ? 'teams' : 'offices'}
          label={scope === 'team' ? t('alertRecipients.team') : t('alertRecipients.office')}
          emptyLabel={t('alertRecipients.choose')}
          value={scopeId}
          onChange={(id) => {
            form.setValue('scopeId', id)
            form.clearErrors('scopeId')
          }}
          onLabel={(label) => setNames((n) => ({ ...n, place: label }))}
        />
      </FormField>
    </FormDialog>
  )
}
