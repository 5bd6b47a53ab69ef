import { Box, Button, Code, Field, Heading, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { FormAlert } from '../../../components/ui/form-alert'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { setLanguage } from '../../../lib/i18n'
import { queryClient } from '../../../lib/query-client'
import { contractPdfUrl, signContract } from '../api/candidates-api'
import { SignatureField } from '../components/signature-field'
import { Check } from '../../../components/ui/check'
import { useAction } from '../../../components/ui/use-action'
import { useSigningPage } from '../api/candidates-queries'

/**
 * /candidate/:token/sign (docs/decisions/070): the candidate reads their contract (the PDF, in the phone's own viewer)
 * and signs it — their name typed as the contract has it, a signature drawn with a finger, their agreement — with no
 * account. The signed copy's checksum is shown when it is done.
 */
export default function CandidateSignPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignPage />
    </QueryClientProvider>
  )
}

function SignPage() {
  const { t, i18n } = useTranslation()
  const { token = '' } = useParams()
  const page = useSigningPage(token)
  const language = page.data?.language
  useEffect(() => {
    if (language && i18n.language !== language) void setLanguage(language)
  }, [language, i18n])
  const [name, setName] = useState('')
  const [signature, setSignature] = useState<string | null>(null)
  const [agree, setAgree] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // A refusal names its fields (they say why), or is said on top of the form.
  const signing = useAction(signContract, {
    onDone: (answer) => setSigned(answer.sha256),
    onError: (err) => {
      const fields = serverFieldErrors(err)
      if (fields && Object.keys(fields).length > 0) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])))
      return !!fields && Object.keys(fields).length > 0
    },
  })
  const { busy, error: failure } = signing
  const [signed, setSigned] = useState<string | null>(null)
  const onSignature = useCallback((png: string | null) => setSignature(png), [])

  const gone = page.error instanceof ApiClientError ? page.error : null
  const message = gone
    ? gone.body?.error === 'candidate_link_used'
      ? t('candidateSign.used')
      : gone.body?.error === 'candidate_link_expired'
        ? t('candidateSign.expired')
        : t('candidateOwn.notFound')
    : page.error
      ? errorText(page.error, t)
      : null
  const contract = page.data ? t(`candidates.kinds.${page.data.kind}`) : ''

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const missing: Record<string, string> = {}
    if (!name.trim()) missing.name = t('validation.required')
    if (!signature) missing.signature = t('validation.signatureImage')
    if (!agree) missing.agree = t('validation.mustAgree')
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    await signing.run(token, { name, signature: signature!, agree: true })
  }

  return (
    <Stack as="main" id="main" gap="6" py={{ base: '8', md: '16' }} px="5" maxW="2xl" mx="auto" data-testid="candidate-sign">
      <Heading as="h1" size="2xl">
        {signed ? t('candidateSign.signed') : page.data ? t('candidateSign.title', { contract }) : t('routes.candidate-token-sign')}
      </Heading>
      {signed ? (
        <Stack gap="2" data-testid="candidate-signed">
          <Text>{t('candidateSign.signedText')}</Text>
          <Code wordBreak="break-all" p="2">
            {signed}
          </Code>
        </Stack>
      ) : message ? (
        <Text role="alert" data-testid="candidate-sign-gone">
          {message}
        </Text>
      ) : !page.data ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="5">
            <Text>{t('candidateSign.intro')}</Text>
            <Box>
              <Button asChild variant="outline" size="lg">
                <Link href={contractPdfUrl(token)} target="_blank" rel="noopener" data-testid="candidate-sign-pdf">
                  {t('candidateSign.open')}
                </Link>
              </Button>
            </Box>
            <Text fontSize="sm" color="fg.muted">
              {t('candidateOwn.until', { date: formatDate(page.data.expiresAt, page.data.language) })}
            </Text>
            {failure ? <FormAlert message={failure} /> : null}
            <Field.Root invalid={!!errors.name} required>
              <Field.Label>{t('candidateSign.name')}</Field.Label>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="name"
                placeholder={page.data.fullName}
                data-testid="candidate-sign-name"
              />
              {errors.name ? <Field.ErrorText>{errors.name}</Field.ErrorText> : null}
            </Field.Root>
            <SignatureField
              label={t('candidateSign.draw')}
              clearLabel={t('candidateSign.clear')}
              error={errors.signature}
              onChange={onSignature}
              testId="candidate-sign-pad"
              fromName={{ label: t('candidateSign.useName'), name }}
            />
            <Field.Root invalid={!!errors.agree}>
              <Check checked={agree} onChange={setAgree} data-testid="candidate-sign-agree" label={t('candidateSign.agree')} />
              {errors.agree ? <Field.ErrorText>{errors.agree}</Field.ErrorText> : null}
            </Field.Root>
            <Box>
              <Button type="submit" colorPalette="brand" size="lg" loading={busy} data-testid="candidate-sign-submit">
                {t('candidateSign.sign')}
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
