import { Badge, Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { describeUserAgent } from '../../../../shared/user-agent'
import { changePasswordInputSchema } from '../../../../shared/schemas/profile'
import { FormField } from '../../../components/ui/form-field'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { TwoStepCard } from './two-step-card'
import { LinkedIdentitiesCard } from './linked-identities-card'
import { OwnExternalAccounts } from './own-external-accounts'
import { useSchemaForm } from '../../../components/ui/form-kit'
import { useChangePassword, useRevokeOtherSessions, useSessions } from '../api/profile-queries'

/** The security tab: change the password (signs out other devices) and see and end the active sessions. */
export function SecurityTab() {
  const { t } = useTranslation()
  const sessions = useSessions()
  const form = useSchemaForm(changePasswordInputSchema, { defaultValues: { currentPassword: '', newPassword: '' } })
  const change = useChangePassword({
    onSuccess: () => {
      form.reset()
      snackbar.success(t('profile.passwordChanged'))
    },
    onError: (err) => {
      if (!applyFieldErrors(err, form.setError, ['currentPassword', 'newPassword'] as const)) snackbar.error(t('errors.server_error'))
    },
  })
  const revoke = useRevokeOtherSessions({ onSuccess: () => snackbar.success(t('profile.othersSignedOut')) })
  const others = (sessions.data?.items ?? []).filter((s) => !s.current).length

  return (
    <Stack gap="8" maxW="3xl">
      <form onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate>
        <Stack gap="4">
          <Heading as="h3" size="sm">
            {t('profile.changePassword')}
          </Heading>
          <FormField label={t('profile.currentPassword')} error={form.formState.errors.currentPassword} required>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('profile.newPassword')} error={form.formState.errors.newPassword} required helper={t('profile.passwordHelp')}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <div>
            <Button type="submit" colorPalette="brand" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </div>
        </Stack>
      </form>

      <TwoStepCard />

      <LinkedIdentitiesCard />

      <OwnExternalAccounts />

      <Stack gap="3">
        <Heading as="h3" size="sm">
          {t('profile.sessions')}
        </Heading>
        {(sessions.data?.items ?? []).map((s) => (
          <Card.Root key={s.id} variant="outline" size="sm" data-testid="session">
            <Card.Body gap="1">
              <Text fontWeight="medium">
                {describeUserAgent(s.userAgent) ?? t('profile.unknownDevice')}{' '}
                {s.current ? <Badge colorPalette="green">{t('profile.thisDevice')}</Badge> : null}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('profile.lastSeen', { date: s.lastSeenAt })}
                {s.ip ? ` · ${s.ip}` : ''}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
        <div>
          <Button
            variant="outline"
            disabled={others === 0}
            loading={revoke.isPending}
            onClick={async () => {
              const ok = await confirm({
                title: t('profile.signOutOthers'),
                text: t('profile.signOutOthersConfirm', { count: others }),
                confirmLabel: t('profile.signOutOthers'),
                cancelLabel: t('table.cancel'),
                destructive: true,
              })
              if (ok) revoke.mutate()
            }}
          >
            {t('profile.signOutOthers')}
          </Button>
        </div>
      </Stack>
    </Stack>
  )
}
