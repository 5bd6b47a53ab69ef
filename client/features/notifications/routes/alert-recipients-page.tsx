import { Badge, Box, Button, Card, Flex, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import type { AlertRecipientItem, AlertScope } from '../../../../shared/schemas/notifications'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { LookupCombobox, LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { currentLanguage } from '../../../lib/i18n'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { addAlertRecipient, alertRecipients, removeAlertRecipient } from '../api/notifications-api'
import { notificationsKeys } from '../api/notifications-keys'

/**
 * /user-admin/users/deviations: who gets deviation alerts beyond the seller and the team's coaches, per team or
 * per office (docs/decisions/031). Added and removed here; the alerts follow at the next deviation.
 */
export default function AlertRecipientsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState(false)
  // Reading is view users (only the people the reader may see); adding and removing take update users.
  const mayChange = useAbility().can('update', 'users')
  const list = useQuery({ queryKey: notificationsKeys.alertRecipients, queryFn: ({ signal }) => alertRecipients(signal) })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.alertRecipients })
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

  const items = list.data?.items ?? []
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
      <Card.Root>
        <Card.Body p="0">
          {list.isError ? (
            <Box p="4">
              <LoadError error={list.error} onRetry={() => void list.refetch()} />
            </Box>
          ) : list.isPending ? (
            <Stack p="4" gap="3" aria-busy="true">
              <Skeleton h="6" />
              <Skeleton h="6" />
              <Skeleton h="6" />
            </Stack>
          ) : items.length === 0 ? (
            <Text p="6" color="fg.muted" textAlign="center" data-testid="alert-recipients-empty">
              {t('alertRecipients.empty')}
            </Text>
          ) : (
            <Table.Root size="sm" data-testid="alert-recipients">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('alertRecipients.person')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('alertRecipients.scope')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">{t('alertRecipients.added')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="1">
                    <Box srOnly>{t('alertRecipients.actions')}</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((r) => (
                  <Table.Row key={r.id} data-testid="alert-recipient-row">
                    <Table.Cell fontWeight="medium">{r.userName}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={r.scope === 'office' ? 'purple' : 'blue'} mr="2">
                        {t(`alertRecipients.scopes.${r.scope}`)}
                      </Badge>
                      {r.scopeName}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted">
                      {formatDate(r.createdAt, currentLanguage())}
                      {r.createdByName ? ` · ${r.createdByName}` : ''}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {mayChange ? (
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
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Card.Body>
      </Card.Root>
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
