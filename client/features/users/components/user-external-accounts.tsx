import { Input, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { EXTERNAL_PASSWORD_MAX, type ExternalAccountRow } from '../../../../shared/schemas/external-accounts'
import { ExternalAccounts } from '../../../components/ui/external-accounts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { snackbar } from '../../../lib/snackbar-store'
import { revealUserExternalPassword, setUserExternalAccount, userExternalAccounts } from '../api/external-accounts-api'
import { usersKeys } from '../api/users-keys'
import { TextField, useFormDialog } from '../../../components/ui/form-kit'
import { useRefreshUsersUserDetail } from '../api/users-queries'

/** A user's external accounts on their page (decision 043), for those who may change the user. */
export function UserExternalAccounts(props: { userId: string; userName: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const refreshUsersUserDetail = useRefreshUsersUserDetail()
  const key = usersKeys.externalAccounts(props.userId)
  const rows = useQuery({ queryKey: key, queryFn: ({ signal }) => userExternalAccounts(props.userId, signal) })
  const [setting, setSetting] = useState<ExternalAccountRow | null>(null)
  return (
    <>
      <ExternalAccounts
        rows={rows}
        reveal={async (templateId, digits) => {
          const shown = await revealUserExternalPassword(props.userId, templateId, digits)
          // The reading is in the user's log now.
          void refreshUsersUserDetail(props.userId)
          return shown
        }}
        revealIntro={t('externalAccounts.revealIntro', { user: props.userName })}
        onSet={setSetting}
      />
      {setting ? (
        <SetAccountDialog
          userId={props.userId}
          userName={props.userName}
          row={setting}
          onClose={() => setSetting(null)}
          onSaved={(items) => {
            queryClient.setQueryData(key, { items })
            void refreshUsersUserDetail(props.userId)
            snackbar.success(t('externalAccounts.accountSaved', { name: setting.name }))
          }}
          onConflict={() => void rows.refetch()}
        />
      ) : null}
    </>
  )
}

function SetAccountDialog(props: {
  userId: string
  userName: string
  row: ExternalAccountRow
  onClose: () => void
  onSaved: (items: ExternalAccountRow[]) => void
  onConflict: () => void
}) {
  const { t } = useTranslation()
  const { row } = props
  const form = useForm<{ username: string; password: string }>({ defaultValues: { username: row.username, password: '' } })
  const { errors } = form.formState
  const hasPassword = row.account?.hasPassword ?? false
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['username', 'password'],
    onConflict: props.onConflict,
    save: async (values) => {
      const { items } = await setUserExternalAccount(props.userId, row.templateId, {
        username: values.username,
        ...(values.password ? { password: values.password } : {}),
        version: row.account?.version ?? null,
      })
      props.onSaved(items)
      props.onClose()
    },
  })
  return (
    <FormDialog title={t('externalAccounts.setTitle', { name: row.name, user: props.userName })} testId="set-external-account" {...dialog.props}>
      <TextField
        form={form}
        name="username"
        label={t('externalAccounts.username')}
        autoComplete="off"
        rules={{ validate: (v) => (v.trim() === '' ? 'validation.required' : true) }}
        required
      />
      <FormField
        label={hasPassword ? t('externalAccounts.newPassword') : t('externalAccounts.password')}
        error={errors.password}
        helper={hasPassword ? t('externalAccounts.keepPassword') : undefined}
        required={!hasPassword}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('password', {
            validate: (v) => (!hasPassword && v === '' ? 'validation.required' : v.length > EXTERNAL_PASSWORD_MAX ? 'validation.tooLong' : true),
          })}
        />
      </FormField>
      {row.instructions ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          {row.instructions}
        </Text>
      ) : null}
    </FormDialog>
  )
}
