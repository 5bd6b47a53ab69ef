import { Badge, Button, Code, HStack, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../shared/format'
import type { ExternalAccountRow } from '../../../shared/schemas/external-accounts'
import { serverFieldErrors } from '../../lib/api-client'
import { snackbar } from '../../lib/snackbar-store'
import { FormDialog, formErrorOf } from './form-dialog'
import { FormField } from './form-field'
import { LoadError } from './load-error'
import { useLanguage } from '../../lib/use-language'
import { SectionCard } from './section-card'

/**
 * A person's external accounts (docs/decisions/043), on their user page and in their profile: each system with the
 * user name, whether a password is kept, a way to set the account (admins) and to show the password after
 * confirming the last four digits of the holder's personal number.
 */
export function ExternalAccounts(props: {
  rows: UseQueryResult<{ items: ExternalAccountRow[] }>
  reveal: (templateId: string, ssnLast4: string) => Promise<{ password: string }>
  revealIntro: string
  onSet?: (row: ExternalAccountRow) => void
}) {
  const { t, lang } = useLanguage()
  const [revealing, setRevealing] = useState<ExternalAccountRow | null>(null)
  const { rows } = props
  return (
    <>
      <SectionCard title={t('externalAccounts.section')} variant="outline" data-testid="external-accounts">
        {rows.isError ? (
          <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
        ) : !rows.data ? (
          <Skeleton h="16" aria-busy />
        ) : rows.data.items.length === 0 ? (
          <Text color="fg.muted">{t('externalAccounts.none')}</Text>
        ) : (
          <Stack gap="3">
            {rows.data.items.map((r) => (
              <Stack key={r.templateId} gap="1" borderBottomWidth="1px" pb="3" _last={{ borderBottomWidth: 0, pb: 0 }} data-testid="external-account">
                <HStack justify="space-between" align="start" wrap="wrap" gap="2">
                  <Stack gap="0">
                    <Text fontWeight="medium">{r.name}</Text>
                    <Text fontSize="sm">
                      {t('externalAccounts.username')}: <Code>{r.username}</Code>
                    </Text>
                    {r.account?.hasPassword ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t('externalAccounts.passwordSet', { date: formatDate(r.account.passwordSetAt, lang) })}
                      </Text>
                    ) : (
                      <Badge size="sm" variant="subtle" alignSelf="start">
                        {t('externalAccounts.noAccount')}
                      </Badge>
                    )}
                  </Stack>
                  <HStack gap="1" wrap="wrap">
                    {r.loginUrl ? (
                      <Button asChild size="xs" variant="ghost">
                        <Link href={r.loginUrl} target="_blank" rel="noopener noreferrer">
                          {t('externalAccounts.openSystem', { name: r.name })}
                        </Link>
                      </Button>
                    ) : null}
                    {props.onSet ? (
                      <Button size="xs" variant="outline" onClick={() => props.onSet!(r)} aria-label={`${t('externalAccounts.setAccount')}: ${r.name}`}>
                        {t('externalAccounts.setAccount')}
                      </Button>
                    ) : null}
                    {r.account?.hasPassword ? (
                      <Button size="xs" variant="outline" onClick={() => setRevealing(r)} aria-label={`${t('externalAccounts.showPassword')}: ${r.name}`}>
                        {t('externalAccounts.showPassword')}
                      </Button>
                    ) : null}
                  </HStack>
                </HStack>
                {r.instructions ? (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
                    {r.instructions}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </SectionCard>
      {revealing ? <RevealDialog row={revealing} intro={props.revealIntro} reveal={props.reveal} onClose={() => setRevealing(null)} /> : null}
    </>
  )
}

/** The password dialog: four digits first; then the password, to copy. Nothing is kept once it closes. */
function RevealDialog(props: {
  row: ExternalAccountRow
  intro: string
  reveal: (templateId: string, ssnLast4: string) => Promise<{ password: string }>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [digits, setDigits] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [password, setPassword] = useState<string | null>(null)
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('externalAccounts.revealTitle', { name: props.row.name })}
      testId="reveal-external-password"
      submitting={submitting}
      formError={formError}
      submitLabel={password === null ? t('externalAccounts.reveal') : t('app.close')}
      onSubmit={(e) => {
        e.preventDefault()
        if (password !== null) return props.onClose()
        setFieldError(null)
        setFormError(null)
        if (!/^\d{4}$/.test(digits)) return setFieldError(t('validation.ssnLast4'))
        setSubmitting(true)
        props
          .reveal(props.row.templateId, digits)
          .then((r) => setPassword(r.password))
          .catch((err: unknown) => {
            const about = serverFieldErrors(err)?.ssnLast4?.[0]
            if (about) setFieldError(about)
            else setFormError(formErrorOf(err, t).message)
          })
          .finally(() => setSubmitting(false))
      }}
    >
      {password === null ? (
        <>
          <Text fontSize="sm">{props.intro}</Text>
          <FormField label={t('externalAccounts.ssnLast4')} error={fieldError ? { type: 'server', message: fieldError } : undefined} required>
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={digits}
              onChange={(e) => setDigits(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          </FormField>
        </>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm">
            {t('externalAccounts.username')}: <Code>{props.row.username}</Code>
          </Text>
          <HStack gap="2">
            <Code fontSize="lg" px="3" py="2" data-testid="external-password">
              {password}
            </Code>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(password)
                  .then(() => snackbar.success(t('externalAccounts.copied')))
                  .catch(() => undefined)
              }
            >
              {t('externalAccounts.copy')}
            </Button>
          </HStack>
        </Stack>
      )}
    </FormDialog>
  )
}
