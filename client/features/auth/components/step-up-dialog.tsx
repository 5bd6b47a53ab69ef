import { Button, Field, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { ApiClientError, call, NetworkError, rpc, serverFieldErrors } from '../../../lib/api-client'
import type { SsoButton } from '../../../../shared/schemas/sso'
import { isSsoRefusal } from '../../../../shared/rules/sso'
import { STEP_UP_CHANNEL, stepUpStore, takeStepUpRefusal } from '../../../lib/step-up-store'

/**
 * "Confirm it is you" before a sensitive action (decision 093): the authenticator's code (or a recovery code) for
 * one who uses two-step sign-in, else the password (unless their role signs in through a provider), or a fresh
 * sign-in at a provider they are linked to, in a window of its own. Confirmed, the action goes on by itself.
 */
export function StepUpDialog() {
  const open = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.get)
  return open ? <StepUpForm /> : null
}

type Method = 'totp' | 'password' | 'provider'

/** The address that confirms through a provider and comes back to this page. */
const providerStepUpUrl = (key: string) =>
  `/api/auth/sso/${encodeURIComponent(key)}/step-up?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`

function StepUpForm() {
  const { t } = useTranslation()
  const [method, setMethod] = useState<Method | null>(null)
  const [providers, setProviders] = useState<SsoButton[]>([])
  const [waiting, setWaiting] = useState(false)
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(() => {
    const refused = takeStepUpRefusal()
    return isSsoRefusal(refused) ? t(`auth.sso.${refused}`) : null
  })
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    call(rpc.auth['step-up'].$get()).then(
      (answer) => {
        setMethod(answer.method)
        setProviders(answer.providers)
      },
      () => setMethod('password'),
    )
  }, [])

  // The provider's window tells how the confirmation went (it closes itself).
  useEffect(() => {
    const channel = new BroadcastChannel(STEP_UP_CHANNEL)
    channel.onmessage = (event: MessageEvent<{ outcome?: string }>) => {
      const outcome = event.data?.outcome
      if (outcome === 'done') return stepUpStore.answer(true)
      setWaiting(false)
      setFormError(t(isSsoRefusal(outcome ?? null) ? `auth.sso.${outcome}` : 'auth.sso.failed'))
    }
    return () => channel.close()
  }, [t])

  const withProvider = (key: string) => {
    setFormError(null)
    const url = providerStepUpUrl(key)
    // A blocked pop-up: the page itself goes, and comes back here confirmed (the action is then asked again).
    if (!window.open(url, STEP_UP_CHANNEL, 'popup,width=520,height=720')) window.location.assign(url)
    else setWaiting(true)
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (!method || method === 'provider') return
    if (!value.trim()) {
      setFieldError(t('validation.required'))
      return
    }
    setBusy(true)
    setFieldError(null)
    setFormError(null)
    try {
      await call(rpc.auth['step-up'].$post({ json: method === 'totp' ? { code: value.trim() } : { password: value } }))
      stepUpStore.answer(true)
    } catch (err) {
      setBusy(false)
      const field = serverFieldErrors(err)?.[method === 'totp' ? 'code' : 'password']?.[0]
      if (field) setFieldError(field)
      else if (err instanceof ApiClientError && err.body) setFormError(err.body.message)
      else setFormError(t(err instanceof NetworkError ? 'errors.network' : 'errors.server_error'))
    }
  }

  const typed = method === 'totp' || method === 'password'
  return (
    <AppDialog
      open
      onClose={() => stepUpStore.answer(false)}
      title={t('auth.stepUp.title')}
      testId="step-up-dialog"
      size="sm"
      sizeOnPhone
      onSubmit={(e) => void submit(e)}
      footer={
        <DialogButtons
          onCancel={() => stepUpStore.answer(false)}
          action={typed || !method ? { label: t('auth.stepUp.confirm'), loading: busy, disabled: !method } : undefined}
        />
      }
    >
      <Stack gap="4">
        <Text>{method === 'totp' ? t('auth.stepUp.codeText') : method === 'provider' ? t('auth.stepUp.providerText') : t('auth.stepUp.passwordText')}</Text>
        {formError ? <FormAlert message={formError} /> : null}
        {typed ? (
          <Field.Root invalid={!!fieldError}>
            <Field.Label>{method === 'totp' ? t('auth.code.label') : t('auth.password')}</Field.Label>
            <Input
              key={method}
              type={method === 'totp' ? 'text' : 'password'}
              inputMode={method === 'totp' ? 'numeric' : undefined}
              autoComplete={method === 'totp' ? 'one-time-code' : 'current-password'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
              data-testid="step-up-input"
            />
            <Field.ErrorText>{fieldError}</Field.ErrorText>
          </Field.Root>
        ) : null}
        {providers.length > 0 ? (
          <Stack gap="2" data-testid="step-up-providers">
            {typed ? (
              <Text textStyle="sm" color="fg.muted">
                {t('auth.sso.or')}
              </Text>
            ) : null}
            {providers.map((p) => (
              <Button key={p.key} variant="outline" onClick={() => withProvider(p.key)} loading={waiting} loadingText={t('auth.stepUp.waiting')}>
                {t('auth.stepUp.withProvider', { label: p.label })}
              </Button>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </AppDialog>
  )
}
