import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useForm, type FieldError, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import type { z } from 'zod'
import { afterLoginTarget } from '../../../../shared/rules/guard'
import type { AppMeta, loginInputSchema } from '../../../../shared/schemas/auth'
import { AlertIcon, EyeIcon, EyeOffIcon } from '../../../components/ui/icons'
import { ApiClientError, NetworkError, applyFieldErrors } from '../../../lib/api-client'
import { fieldErrorText } from '../../../lib/field-error'
import { appMeta, knownAppMeta, login, loginWithCode } from '../api/auth-api'
import './login-page.css'

type FormIn = z.input<typeof loginInputSchema>
type FormOut = z.output<typeof loginInputSchema>

const DEMO_PASSWORD = 'saljkraft-demo'

/** The validation's code, loaded once; a load that failed (a dropped connection) is tried again at the next submit. */
let validation: Promise<typeof import('../components/login-validation')> | null = null
const loadValidation = () =>
  (validation ??= import('../components/login-validation').catch((error: unknown) => {
    validation = null
    throw error
  }))

/**
 * The login screen. It is drawn with plain elements and its own small stylesheet, not the component library
 * (docs/decisions/014): it is the first screen most people load, often on a slow phone, and starting the
 * library is most of the work a first visit does. It looks like the rest of the app, light and dark.
 */
export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [showPassword, setShowPassword] = useState(false)
  // A device marked lost has just deleted its data (decision 072): said once on the sign-in screen.
  const [formError, setFormError] = useState<string | null>(() => (new URLSearchParams(location.search).has('wiped') ? t('auth.deviceWiped') : null))
  const [meta, setMeta] = useState<AppMeta | null>(knownAppMeta)

  // The validation (the shared zod schema) loads when the user starts on the form (a key, a tap, a demo
  // account), not with the screen, so the first visit's JavaScript and work stay small (docs/decisions/007,
  // 014); it is ready long before a submit, and a submit waits for it if not.
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
  // After a successful sign-in the next screen's code still has to load; the button stays busy until it has,
  // so the form never looks ready for a second try while the app is on its way.
  const navigation = useNavigation()
  const busy = isSubmitting || navigation.state !== 'idle'

  useEffect(() => {
    void appMeta().then(setMeta)
  }, [])

  // Two-step sign-in: after a right password the server asks for a code (docs/decisions/038).
  const [challenge, setChallenge] = useState<string | null>(null)

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const next = await login(values)
      if (next) {
        setChallenge(next.challenge)
        return
      }
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

  // A submit whose validation could not load says so, and the button works again: never a click that does nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => submit(event).catch(() => setFormError(t('errors.network')))

  const prepareValidation = () => void loadValidation().catch(() => undefined)

  const fillDemoAccount = (email: string) => {
    prepareValidation()
    form.setValue('email', email, { shouldValidate: false })
    form.setValue('password', DEMO_PASSWORD, { shouldValidate: false })
    form.clearErrors()
  }

  const emailField = form.register('email')
  const passwordField = form.register('password')

  return (
    // Top-aligned, not centred: the demo card arrives after /api/meta, and a centred column would jump.
    <div className="sk-login">
      <div className="sk-login-column">
        <div className="sk-login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <p className="sk-login-name">{t('app.name')}</p>
          {/* The badge's place is kept while /api/meta answers, so the title does not move. */}
          <span
            className="sk-login-badge"
            data-testid={meta?.demo ? 'demo-badge' : undefined}
            style={{ visibility: meta?.demo ? 'visible' : 'hidden' }}
            aria-hidden={!meta?.demo}
          >
            {t('app.demo')}
          </span>
        </div>

        <main className="sk-login-card" id="main">
          <div>
            <h1>{t('auth.title')}</h1>
            <p className="sk-login-muted" style={{ marginTop: '0.25rem' }}>
              {t('auth.subtitle')}
            </p>
          </div>

          {formError ? (
            <div className="sk-login-alert" role="alert">
              <AlertIcon size={20} />
              <span>{formError}</span>
            </div>
          ) : null}

          {challenge ? (
            <CodeStep
              challenge={challenge}
              onDone={() => navigate(afterLoginTarget(location.search), { replace: true })}
              onRestart={(message) => {
                setChallenge(null)
                form.setValue('password', '')
                setFormError(message || null)
              }}
            />
          ) : (
            <form onSubmit={onSubmit} noValidate onKeyDown={prepareValidation} onPointerDown={prepareValidation}>
              <LoginField label={t('auth.email')} error={errors.email}>
                {(props) => <input type="email" autoComplete="username" inputMode="email" autoFocus {...props} {...emailField} />}
              </LoginField>
              <LoginField label={t('auth.password')} error={errors.password}>
                {(props) => (
                  <div className="sk-login-row">
                    <input type={showPassword ? 'text' : 'password'} autoComplete="current-password" {...props} {...passwordField} />
                    <button
                      type="button"
                      className="sk-login-icon"
                      aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((v) => !v)}
                    >
                      {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                    </button>
                  </div>
                )}
              </LoginField>
              <button type="submit" className="sk-login-submit" disabled={busy} aria-busy={busy}>
                {busy ? (
                  <>
                    <span className="sk-login-spinner" aria-hidden="true" />
                    {t('auth.submitting')}
                  </>
                ) : (
                  t('auth.submit')
                )}
              </button>
            </form>
          )}
        </main>

        {meta?.demo && meta.demoAccounts.length > 0 ? (
          <section className="sk-login-card sk-login-outline" data-testid="demo-accounts" aria-labelledby="demo-accounts-title">
            <h2 id="demo-accounts-title">{t('auth.demoAccounts')}</h2>
            <p className="sk-login-muted sk-login-small">{t('app.demoHint', { password: DEMO_PASSWORD })}</p>
            <div className="sk-login-accounts">
              {meta.demoAccounts.map((email) => (
                <button
                  key={email}
                  type="button"
                  className="sk-login-account"
                  onClick={() => fillDemoAccount(email)}
                  aria-label={t('auth.useAccount', { email })}
                >
                  {email.split('@')[0]}
                </button>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </div>
  )
}

/**
 * The sign-in's second step: the code from the authenticator app (digits), or a recovery code. A wrong code says
 * so; a challenge that ran out (time or tries) goes back to the password.
 */
function CodeStep({ challenge, onDone, onRestart }: { challenge: string; onDone: () => void; onRestart: (message: string) => void }) {
  const { t } = useTranslation()
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!code.trim()) {
      setError(t('validation.required'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      await loginWithCode(challenge, code.trim())
      onDone()
    } catch (err) {
      setBusy(false)
      if (err instanceof ApiClientError && err.status === 401 && err.body?.error === 'unauthenticated') onRestart(t('auth.code.expired'))
      else if (err instanceof ApiClientError && err.body) setError(err.body.message)
      else setError(t(err instanceof NetworkError ? 'errors.network' : 'errors.server_error'))
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="code-step">
      <div>
        <h2>{t('auth.code.title')}</h2>
        <p className="sk-login-muted" style={{ marginTop: '0.25rem' }}>
          {recovery ? t('auth.code.recoveryText') : t('auth.code.text')}
        </p>
      </div>
      <div className="sk-login-field">
        <label htmlFor={id}>{recovery ? t('auth.code.recoveryLabel') : t('auth.code.label')}</label>
        <input
          id={id}
          key={recovery ? 'recovery' : 'app'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <span className="sk-login-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="sk-login-actions">
        <button type="submit" className="sk-login-submit" disabled={busy} aria-busy={busy}>
          {busy ? <span className="sk-login-spinner" aria-hidden="true" /> : null}
          {t('auth.code.submit')}
        </button>
        <button
          type="button"
          className="sk-login-link"
          onClick={() => {
            setRecovery((v) => !v)
            setCode('')
            setError(null)
          }}
        >
          {recovery ? t('auth.code.useApp') : t('auth.code.useRecovery')}
        </button>
        <button type="button" className="sk-login-link" onClick={() => onRestart('')}>
          {t('auth.code.back')}
        </button>
      </div>
    </form>
  )
}

/** A labelled, required input with its translated error, wired for screen readers. */
function LoginField(props: {
  label: string
  error?: FieldError
  children: (input: { id: string; 'aria-invalid': boolean; 'aria-required': true; 'aria-describedby'?: string }) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const message = fieldErrorText(props.error, t)
  return (
    <div className="sk-login-field">
      <label htmlFor={id}>
        {props.label}
        <span className="sk-login-required" aria-hidden="true">
          *
        </span>
      </label>
      {props.children({ id, 'aria-invalid': !!props.error, 'aria-required': true, 'aria-describedby': message ? `${id}-error` : undefined })}
      {message ? (
        <span className="sk-login-error" id={`${id}-error`}>
          {message}
        </span>
      ) : null}
    </div>
  )
}
