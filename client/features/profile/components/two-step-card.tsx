import { Box, Button, Code, Flex, Heading, Image, Input, List, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import type { MfaSetup, MfaStatus as MfaStatusAnswer } from '../../../../shared/schemas/auth'
import { FormField } from '../../../components/ui/form-field'
import { errorText, serverFieldErrors } from '../../../lib/api-client'
import { useUserData } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { disableMfa, enableMfa, renewRecoveryCodes, setupMfa } from '../api/profile-api'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { useMfa, useRefreshProfileMfa } from '../api/profile-queries'

type Step =
  { kind: 'idle' } | { kind: 'password'; then: 'setup' | 'disable' | 'renew' } | { kind: 'scan'; setup: MfaSetup } | { kind: 'codes'; codes: string[] }

/**
 * Two-step sign-in in the profile's security tab (docs/decisions/038): off, it is set up with the password, a QR
 * code (or the key typed in) and a code from the app, and then shows the recovery codes once; on, it says since
 * when and how many recovery codes are left, renews them or turns it off (each after the password).
 */
export function TwoStepCard() {
  const { t } = useTranslation()
  const refreshProfileMfa = useRefreshProfileMfa()
  const impersonated = !!useUserData()?.impersonatedBy
  const status = useMfa()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)

  const go = (next: Step) => {
    setStep(next)
    setValue('')
    setError(null)
  }
  // A refusal is said on the field the person typed in (the password or the code), else as a snackbar.
  const guarded = useAction(async (work: () => Promise<void>, field: 'password' | 'code') => {
    try {
      await work()
    } catch (err) {
      const own = serverFieldErrors(err)?.[field]?.[0]
      if (own) setError(own)
      else snackbar.error(errorText(err, t))
    }
  })
  const run = async (e: FormEvent, work: () => Promise<void>, field: 'password' | 'code') => {
    e.preventDefault()
    if (!value.trim()) return setError(t('validation.required'))
    await guarded.run(work, field)
  }
  const refresh = () => void refreshProfileMfa()

  const passwordStep = (then: 'setup' | 'disable' | 'renew') => (
    <form
      noValidate
      onSubmit={(e) =>
        void run(
          e,
          async () => {
            if (then === 'setup') go({ kind: 'scan', setup: await setupMfa(value) })
            else if (then === 'renew') go({ kind: 'codes', codes: (await renewRecoveryCodes(value)).recoveryCodes })
            else {
              await disableMfa(value)
              go({ kind: 'idle' })
              refresh()
              snackbar.success(t('profile.mfa.disabled'))
            }
          },
          'password',
        )
      }
    >
      <Stack gap="3" maxW="sm">
        <Text fontSize="sm">{then === 'disable' ? `${t('profile.mfa.turnOffConfirm')} ${t('profile.mfa.passwordText')}` : t('profile.mfa.passwordText')}</Text>
        <FormField label={t('profile.mfa.password')} error={error ? { type: 'server', message: error } : undefined} required>
          <Input type="password" autoComplete="current-password" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
        </FormField>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" colorPalette={then === 'disable' ? 'red' : 'brand'} loading={guarded.busy}>
            {then === 'disable' ? t('profile.mfa.turnOff') : t('profile.mfa.continue')}
          </Button>
          <Button variant="ghost" onClick={() => go({ kind: 'idle' })}>
            {t('profile.mfa.cancel')}
          </Button>
        </Flex>
      </Stack>
    </form>
  )

  const body = () => {
    if (step.kind === 'password') return passwordStep(step.then)
    if (step.kind === 'scan') {
      return (
        <form
          noValidate
          onSubmit={(e) =>
            void run(
              e,
              async () => {
                const { recoveryCodes } = await enableMfa(value.trim())
                go({ kind: 'codes', codes: recoveryCodes })
                refresh()
                snackbar.success(t('profile.mfa.enabled'))
              },
              'code',
            )
          }
          data-testid="mfa-setup"
        >
          <Stack gap="4">
            <Text fontSize="sm">{t('profile.mfa.scan')}</Text>
            <Flex gap="6" wrap="wrap" align="flex-start">
              <SetupQr setup={step.setup} />
              <Stack gap="3" flex="1" minW="56">
                <SetupKey setup={step.setup} />
                <FormField label={t('profile.mfa.code')} error={error ? { type: 'server', message: error } : undefined} required>
                  <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={value} onChange={(e) => setValue(e.target.value)} maxW="40" />
                </FormField>
                <Flex gap="2" wrap="wrap">
                  <Button type="submit" colorPalette="brand" loading={guarded.busy}>
                    {t('profile.mfa.confirm')}
                  </Button>
                  <Button variant="ghost" onClick={() => go({ kind: 'idle' })}>
                    {t('profile.mfa.cancel')}
                  </Button>
                </Flex>
              </Stack>
            </Flex>
          </Stack>
        </form>
      )
    }
    if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={() => go({ kind: 'idle' })} />
    if (status.isPending) return <Text color="fg.muted">…</Text>
    if (status.isError) {
      return (
        <Flex gap="3" align="center" wrap="wrap">
          <Text color="fg.error">{t('profile.mfa.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
            {t('profile.mfa.retry')}
          </Button>
        </Flex>
      )
    }
    return <MfaStatus s={status.data} impersonated={impersonated} onStep={go} />
  }

  return (
    <SectionCard title={t('profile.mfa.title')} variant="outline" data-testid="mfa-card">
      {body()}
    </SectionCard>
  )
}

/** The recovery codes, shown once: the list, a download, and "I have saved them". */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const text = codes.join('\n')
  return (
    <Stack gap="3" data-testid="recovery-codes">
      <Heading as="h4" size="xs">
        {t('profile.mfa.codesTitle')}
      </Heading>
      <Text fontSize="sm">{t('profile.mfa.codesText')}</Text>
      <List.Root as="ol" display="grid" gridTemplateColumns={{ base: '1fr 1fr', sm: 'repeat(5, auto)' }} gap="2" listStyleType="none" ps="0">
        {codes.map((c) => (
          <List.Item key={c}>
            <Code fontSize="sm">{c}</Code>
          </List.Item>
        ))}
      </List.Root>
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="outline">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${t('profile.mfa.codesTitle')} (${t('app.name')})\n\n${text}\n`)}`}
            download="saljkraft-reservkoder.txt"
          >
            {t('profile.mfa.download')}
          </a>
        </Button>
        <Button colorPalette="brand" onClick={onDone}>
          {t('profile.mfa.saved')}
        </Button>
      </Flex>
    </Stack>
  )
}

/** The QR code an authenticator app scans. */
function SetupQr({ setup }: { setup: MfaSetup }) {
  const { t } = useTranslation()
  return (
    <Image
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
      alt={t('profile.mfa.qrAlt')}
      boxSize="44"
      bg="white"
      p="2"
      borderRadius="md"
      borderWidth="1px"
    />
  )
}

/** The same key to type in, in groups of four. */
function SetupKey({ setup }: { setup: MfaSetup }) {
  const { t } = useTranslation()
  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium">
        {t('profile.mfa.key')}
      </Text>
      <Code fontSize="sm" wordBreak="break-all" data-testid="mfa-secret">
        {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
      </Code>
    </Box>
  )
}

/** On since when with the codes left (renew, turn off), or off (turn on); nothing to change while acting as another. */
function MfaStatus({ s, impersonated, onStep }: { s: MfaStatusAnswer; impersonated: boolean; onStep: (next: Step) => void }) {
  const { t, i18n } = useTranslation()
  return (
    <Stack gap="3">
      <Text data-testid="mfa-status">
        {s.enabled
          ? t('profile.mfa.on', { date: formatDate(s.enabledAt!, i18n.language as FormatLanguage), count: s.recoveryCodesLeft })
          : t('profile.mfa.off')}
      </Text>
      {impersonated ? (
        <Text fontSize="sm" color="fg.muted">
          {t('profile.mfa.impersonating')}
        </Text>
      ) : s.enabled ? (
        <Flex gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => onStep({ kind: 'password', then: 'renew' })}>
            {t('profile.mfa.renewCodes')}
          </Button>
          <Button variant="outline" colorPalette="red" onClick={() => onStep({ kind: 'password', then: 'disable' })}>
            {t('profile.mfa.turnOff')}
          </Button>
        </Flex>
      ) : (
        <div>
          <Button colorPalette="brand" onClick={() => onStep({ kind: 'password', then: 'setup' })}>
            {t('profile.mfa.turnOn')}
          </Button>
        </div>
      )}
    </Stack>
  )
}
