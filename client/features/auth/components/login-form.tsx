import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { afterLoginTarget } from '../../../../shared/rules/guard'
import type { AppMeta, LoginInput } from '../../../../shared/schemas/auth'
import { AlertIcon, EyeIcon, EyeOffIcon } from '../../../components/ui/icons'
import { ApiClientError, NetworkError, applyFieldErrors } from '../../../lib/api-client'
import { fieldErrorText } from '../../../lib/field-error'
import { isSsoRefusal } from '../../../../shared/rules/sso'
import type { SsoButton } from '../../../../shared/schemas/sso'
import { appMeta, knownAppMeta, knownSsoButtons, login, loginWithCode, refreshSession, ssoButtons, ssoStartUrl } from '../api/auth-api'
import type { LoginErrors } from './login-validation'
import './login-form.css'

const DEMO_PASSWORD = 'saljkraft-demo'

/** The validation's code, loaded once; a load that failed (a dropped connection) is tried again at the next submit. */
let validation: Promise<typeof import('./login-validation')> | null = null
const loadValidation = () =>
  (validation ??= import('./login-validation').catch((error: unknown) => {
    validation = null
    throw error
  }))

/** Where the login goes once signed in, and whether it is on its way (the next screen's code loading). */
export type LoginNavigation = {
  /** the page's query (`to`, `wiped`) */
  search: string
  /** goes on to an app path; rejects when the next screen could not load */
  navigate: (to: string) => Promise<void> | void
  navigating: boolean
}

/**
 * The login screen. It is drawn with plain elements and its own small stylesheet, not the component library
 * (docs/decisions/014): it is the first screen most people load, often on a slow phone, and starting the
 * library is most of the work a first visit does. It looks like the rest of the app, light and dark.
 * It does not know the router: opened first, it is drawn before the router has loaded (docs/decisions/087);
 * within the app, the router's screen (`routes/login-page.tsx`) hands it its navigation.
 */
export function LoginForm({ search, navigate, navigating }: LoginNavigation) {
  const { t } = useTranslation()
  // A device marked lost has just deleted its data (decision 072): said once on the sign-in screen.
  // So has a sign-in through the organisation's identity provider that did not happen (decision 093).
  const [formError, setFormError] = useState<string | null>(() => {
    const params = new URLSearchParams(search)
    const sso = params.get('sso')
    if (isSsoRefusal(sso)) return t(`auth.sso.${sso}`)
    return params.has('wiped') ? t('auth.deviceWiped') : null
  })
  // Back from the provider, signed in: the page takes the session over and goes on.
  const [ssoDone] = useState(() => new URLSearchParams(search).get('sso') === 'done')
  const [providers, setProviders] = useState<SsoButton[]>(knownSsoButtons)
  const [meta, setMeta] = useState<AppMeta | null>(knownAppMeta)

  // The form's state is its own (two fields): react-hook-form, which the app's other forms use, would add more
  // JavaScript to the first visit than this whole screen (docs/decisions/087). The validation (the shared zod
  // schema the server checks with) loads when the user starts on the form (a key, a tap, a demo account), not
  // with the screen (docs/decisions/007, 014); it is ready long before a submit, and a submit waits for it if not.
  // As in the app's other forms, fields are checked at the first submit and, after it, as they change.
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' })
  const [errors, setErrors] = useState<LoginErrors>({})
  const [checked, setChecked] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  // After a successful sign-in the next screen's code still has to load; the button stays busy until it has,
  // so the form never looks ready for a second try while the app is on its way.
  const [takingOver, setTakingOver] = useState(ssoDone)
  const busy = submitting || navigating || takingOver

  useEffect(() => {
    void appMeta().then(setMeta)
    ssoButtons().then(setProviders, () => undefined)
  }, [])

  // Two-step sign-in: after a right password the server asks for a code (docs/decisions/038).
  const [challenge, setChallenge] = useState<string | null>(null)

  // Signed in: on to where the user was going. The next screen's code may fail to load (a dropped connection):
  // then the form says so and stays usable.
  const goOn = () =>
    Promise.resolve(navigate(afterLoginTarget(search))).catch(() => {
      setChallenge(null)
      setFormError(t('errors.network'))
    })

  useEffect(() => {
    if (!ssoDone) return
    refreshSession()
      .then(goOn, (err: unknown) => setFormError(t(err instanceof NetworkError ? 'errors.network' : 'auth.sso.failed')))
      .finally(() => setTakingOver(false))
    // Once, as the page opens after the provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const validate = async (input: LoginInput) => (await loadValidation()).validateLogin(input, t)

  const change = (field: keyof LoginInput, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    if (checked) void validate(next).then((result) => setErrors(result.errors))
  }

  const submit = async () => {
    setChecked(true)
    const result = await validate(values)
    setErrors(result.errors)
    if (!result.data) {
      inputs[result.errors.email ? 'email' : 'password'].current?.focus()
      return
    }
    setFormError(null)
    try {
      const next = await login(result.data)
      if (next) {
        setChallenge(next.challenge)
        return
      }
      await goOn()
    } catch (err) {
      if (err instanceof ApiClientError && err.body) {
        const fromServer: LoginErrors = {}
        const named = applyFieldErrors(err, (field, error) => (fromServer[field] = error.message), ['email', 'password'] as const)
        setErrors(fromServer)
        setFormError(named ? null : err.body.message)
      } else if (err instanceof NetworkError) {
        setFormError(t('errors.network'))
      } else {
        setFormError(t('errors.server_error'))
      }
    }
  }

  // A submit whose validation could not load says so, and the button works again: never a click that does nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    // Busy from the press on: the validation may still be loading on a slow connection.
    setSubmitting(true)
    submit()
      .catch(() => setFormError(t('errors.network')))
      .finally(() => setSubmitting(false))
  }

  const prepareValidation = () => void loadValidation().catch(() => undefined)

  const fillDemoAccount = (email: string) => {
    prepareValidation()
    setValues({ email, password: DEMO_PASSWORD })
    setErrors({})
  }

  return (
    // Top-aligned, not centred: the demo card arrives after /api/meta, and a centred column would jump.
    <div className="sk-login">
      <div className="sk-login-column">
        <Brand demo={!!meta?.demo} />

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
              onDone={() => void goOn()}
              onRestart={(message) => {
                setChallenge(null)
                setValues((v) => ({ ...v, password: '' }))
                setFormError(message || null)
              }}
            />
          ) : (
            <form onSubmit={onSubmit} noValidate onKeyDown={prepareValidation} onPointerDown={prepareValidation}>
              <LoginField label={t('auth.email')} error={errors.email}>
                {(props) => (
                  <input
                    type="email"
                    autoComplete="username"
                    inputMode="email"
                    autoFocus
                    {...props}
                    ref={inputs.email}
                    name="email"
                    value={values.email}
                    onChange={(e) => change('email', e.target.value)}
                  />
                )}
              </LoginField>
              <LoginField label={t('auth.password')} error={errors.password}>
                {(props) => <PasswordInput {...props} ref={inputs.password} value={values.password} onChange={(e) => change('password', e.target.value)} />}
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
          {!challenge && providers.length > 0 ? <ProviderButtons providers={providers} to={afterLoginTarget(search)} /> : null}
        </main>

        {meta?.demo && meta.demoAccounts.length > 0 ? <DemoAccounts accounts={meta.demoAccounts} onPick={fillDemoAccount} /> : null}
      </div>
    </div>
  )
}

/** A button per identity provider of the organisation (decision 093): out to the provider, back signed in. */
function ProviderButtons({ providers, to }: { providers: SsoButton[]; to: string }) {
  const { t } = useTranslation()
  return (
    <div className="sk-login-sso" data-testid="sso-buttons">
      <p className="sk-login-or">{t('auth.sso.or')}</p>
      {providers.map((p) => (
        <a key={p.key} className="sk-login-provider" href={ssoStartUrl(p.key, to)}>
          {t('auth.sso.with', { label: p.label })}
        </a>
      ))}
    </div>
  )
}

/** The app's name and mark, with the demo badge on a demo server. */
function Brand({ demo }: { demo: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="sk-login-brand">
      <img src="/favicon.svg" alt="" width={40} height={40} />
      <p className="sk-login-name">{t('app.name')}</p>
      {/* The badge's place is kept while /api/meta answers, so the title does not move. */}
      <span className="sk-login-badge" data-testid={demo ? 'demo-badge' : undefined} style={{ visibility: demo ? 'visible' : 'hidden' }} aria-hidden={!demo}>
        {t('app.demo')}
      </span>
    </div>
  )
}

/** The password, with a button that shows it as text and hides it again. */
function PasswordInput(props: ComponentProps<'input'>) {
  const { t } = useTranslation()
  const [showPassword, setShowPassword] = useState(false)
  return (
    <div className="sk-login-row">
      <input type={showPassword ? 'text' : 'password'} autoComplete="current-password" name="password" {...props} />
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
  )
}

/** The demo's accounts (a demo server only): a tap fills the form with one of them and the demo password. */
function DemoAccounts({ accounts, onPick }: { accounts: string[]; onPick: (email: string) => void }) {
  const { t } = useTranslation()
  return (
    <section className="sk-login-card sk-login-outline" data-testid="demo-accounts" aria-labelledby="demo-accounts-title">
      <h2 id="demo-accounts-title">{t('auth.demoAccounts')}</h2>
      <p className="sk-login-muted sk-login-small">{t('app.demoHint', { password: DEMO_PASSWORD })}</p>
      <div className="sk-login-accounts">
        {accounts.map((email) => (
          <button key={email} type="button" className="sk-login-account" onClick={() => onPick(email)} aria-label={t('auth.useAccount', { email })}>
            {email.split('@')[0]}
          </button>
        ))}
      </div>
    </section>
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
  error?: string
  children: (input: { id: string; 'aria-invalid': boolean; 'aria-required': true; 'aria-describedby'?: string }) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const message = fieldErrorText({ message: props.error }, t)
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
