import { Field, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { ApiClientError, call, NetworkError, rpc, serverFieldErrors } from '../../../lib/api-client'
import { stepUpStore } from '../../../lib/step-up-store'

/**
 * "Confirm it is you" before a sensitive action (decision 093): the authenticator's code (or a recovery code) for
 * one who uses two-step sign-in, else the password. Confirmed, the action the person asked for goes on by itself.
 */
export function StepUpDialog() {
  const open = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.get)
  return open ? <StepUpForm /> : null
}

function StepUpForm() {
  const { t } = useTranslation()
  const [method, setMethod] = useState<'totp' | 'password' | null>(null)
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    call(rpc.auth['step-up'].$get()).then(
      (answer) => setMethod(answer.method),
      () => setMethod('password'),
    )
  }, [])

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (!method) return
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

  return (
    <AppDialog
      open
      onClose={() => stepUpStore.answer(false)}
      title={t('auth.stepUp.title')}
      testId="step-up-dialog"
      size="sm"
      sizeOnPhone
      onSubmit={(e) => void submit(e)}
      footer={<DialogButtons onCancel={() => stepUpStore.answer(false)} action={{ label: t('auth.stepUp.confirm'), loading: busy, disabled: !method }} />}
    >
      <Stack gap="4">
        <Text>{method === 'totp' ? t('auth.stepUp.codeText') : t('auth.stepUp.passwordText')}</Text>
        {formError ? <FormAlert message={formError} /> : null}
        <Field.Root invalid={!!fieldError}>
          <Field.Label>{method === 'totp' ? t('auth.code.label') : t('auth.password')}</Field.Label>
          <Input
            key={method ?? 'loading'}
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
      </Stack>
    </AppDialog>
  )
}
