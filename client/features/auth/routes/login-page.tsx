import { Alert, Badge, Box, Button, Card, Flex, Heading, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import type { z } from 'zod'
import { afterLoginTarget } from '../../../../shared/rules/guard'
import type { AppMeta, loginInputSchema } from '../../../../shared/schemas/auth'
import { FormField } from '../../../components/ui/form-field'
import { EyeIcon, EyeOffIcon } from '../../../components/ui/icons'
import { ApiClientError, NetworkError, applyFieldErrors } from '../../../lib/api-client'
import { appMeta, knownAppMeta, login } from '../api/auth-api'

type FormIn = z.input<typeof loginInputSchema>
type FormOut = z.output<typeof loginInputSchema>

const DEMO_PASSWORD = 'saljkraft-demo'

const loadValidation = () => import('../components/login-validation')

export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [showPassword, setShowPassword] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [meta, setMeta] = useState<AppMeta | null>(knownAppMeta)

  // The validation (the shared zod schema) loads after the first paint, so the login screen's first
  // JavaScript stays small (docs/decisions/007); it is fetched while idle and is ready long before a submit.
  // The resolver is rebuilt when the language changes, so messages follow it.
  const resolver = useMemo<Resolver<FormIn, unknown, FormOut>>(
    () => async (values, context, options) => {
      const { loginResolver } = await loadValidation()
      return loginResolver(t)(values, context, options)
    },
    [t],
  )
  const form = useForm<FormIn, unknown, FormOut>({ resolver, defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    void appMeta().then(setMeta)
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200))
    idle(() => void loadValidation())
  }, [])

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await login(values)
      navigate(afterLoginTarget(location.search), { replace: true })
    } catch (err) {
      if (err instanceof ApiClientError && err.body) {
        setFormError(applyFieldErrors(err, form.setError, ['email', 'password'] as const) ? null : err.body.message)
      } else if (err instanceof NetworkError) {
        setFormError(t('errors.network'))
      } else {
        setFormError(t('errors.server_error'))
      }
    }
  })

  const fillDemoAccount = (email: string) => {
    form.setValue('email', email, { shouldValidate: false })
    form.setValue('password', DEMO_PASSWORD, { shouldValidate: false })
    form.clearErrors()
  }

  return (
    // Top-aligned, not centred: the demo card arrives after /api/meta, and a centred column would jump.
    <Flex minH="100dvh" align="flex-start" justify="center" px="4" pt={{ base: '8', md: '20' }} pb="10" bg="bg.subtle">
      <Stack gap="6" w="full" maxW="md">
        <Flex align="center" gap="3" justify="center">
          <Box as="img" {...{ src: '/favicon.svg', alt: '' }} w="10" h="10" />
          <Heading as="p" size="2xl" letterSpacing="tight">
            {t('app.name')}
          </Heading>
          {/* The badge's place is kept while /api/meta answers, so the title does not move. */}
          <Badge colorPalette="brand" variant="solid" data-testid={meta?.demo ? 'demo-badge' : undefined} visibility={meta?.demo ? 'visible' : 'hidden'} aria-hidden={!meta?.demo}>
            {t('app.demo')}
          </Badge>
        </Flex>

        <Card.Root as="main" variant="elevated" id="main">
          <Card.Body gap="5" p={{ base: '6', md: '8' }}>
            <Box>
              <Heading as="h1" size="xl">
                {t('auth.title')}
              </Heading>
              <Text color="fg.muted" mt="1">
                {t('auth.subtitle')}
              </Text>
            </Box>

            {formError ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            ) : null}

            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <FormField label={t('auth.email')} error={errors.email} required>
                  <Input type="email" autoComplete="username" inputMode="email" autoFocus {...form.register('email')} />
                </FormField>
                <FormField label={t('auth.password')} error={errors.password} required>
                  <Flex w="full" gap="2">
                    <Input type={showPassword ? 'text' : 'password'} autoComplete="current-password" {...form.register('password')} />
                    <IconButton
                      variant="outline"
                      aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((v) => !v)}
                    >
                      {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                    </IconButton>
                  </Flex>
                </FormField>
                <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText={t('auth.submitting')}>
                  {t('auth.submit')}
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>

        {meta?.demo && meta.demoAccounts.length > 0 ? (
          <Card.Root variant="outline" size="sm" data-testid="demo-accounts">
            <Card.Body gap="3">
              <Heading as="h2" size="sm">
                {t('auth.demoAccounts')}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t('app.demoHint', { password: DEMO_PASSWORD })}
              </Text>
              <Flex wrap="wrap" gap="2">
                {meta.demoAccounts.map((email) => (
                  <Button key={email} size="xs" variant="subtle" onClick={() => fillDemoAccount(email)} aria-label={t('auth.useAccount', { email })}>
                    {email.split('@')[0]}
                  </Button>
                ))}
              </Flex>
            </Card.Body>
          </Card.Root>
        ) : null}
      </Stack>
    </Flex>
  )
}
