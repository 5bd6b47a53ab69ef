import { Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { changePasswordInputSchema } from '../../shared/schemas/profile'
import { FormField } from '../components/ui/form-field'
import { useSchemaForm } from '../components/ui/form-kit'
import { applyFieldErrors } from '../lib/api-client'
import { snackbar } from '../lib/snackbar-store'
import { logout, refreshSession } from '../features/auth/api/auth-api'
import { changePassword } from '../features/profile/api/profile-api'
import { useAction } from '../components/ui/use-action'

/**
 * A password someone else chose (an admin, an import, recruiting's account step) is replaced before anything else
 * (decision 082): shown instead of every screen until the person has set their own. The server refuses the rest.
 */
export function PasswordGate() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useSchemaForm(changePasswordInputSchema, { defaultValues: { currentPassword: '', newPassword: '' } })
  const [repeat, setRepeat] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const saving = useAction(
    async (values: Parameters<typeof changePassword>[0]) => {
      await changePassword(values)
      // The session is read again: without the flag, the app (or the terms, when they wait) comes next.
      await refreshSession()
    },
    {
      failure: 'snackbar',
      onDone: () => snackbar.success(t('firstPassword.saved')),
      onError: (err) => applyFieldErrors(err, form.setError, ['currentPassword', 'newPassword'] as const),
    },
  )
  const busy = saving.busy

  const save = form.handleSubmit(async (values) => {
    if (values.newPassword !== repeat) return setMismatch(true)
    setMismatch(false)
    await saving.run(values)
  })
  const signOut = async () => {
    await logout().catch(() => undefined)
    navigate('/login', { replace: true })
  }

  return (
    <Flex as="main" id="main" minH="100dvh" justify="center" align={{ base: 'flex-start', md: 'center' }} p={{ base: '3', md: '8' }} bg="bg.subtle">
      <Card.Root w="full" maxW="md" data-testid="password-gate" asChild>
        <form onSubmit={save} noValidate>
          <Card.Header>
            <Heading as="h1" size="lg">
              {t('firstPassword.title')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              <Text fontSize="sm">{t('firstPassword.intro')}</Text>
              <FormField label={t('firstPassword.given')} error={form.formState.errors.currentPassword} required>
                <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              </FormField>
              <FormField label={t('profile.newPassword')} error={form.formState.errors.newPassword} required helper={t('profile.passwordHelp')}>
                <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              <FormField label={t('firstPassword.repeat')} error={mismatch ? { type: 'validate', message: t('firstPassword.mismatch') } : undefined} required>
                <Input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
              </FormField>
            </Stack>
          </Card.Body>
          <Card.Footer justifyContent="flex-end" gap="3" flexWrap="wrap">
            <Button variant="outline" onClick={() => void signOut()} disabled={busy}>
              {t('nav.logout')}
            </Button>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {t('firstPassword.save')}
            </Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </Flex>
  )
}
