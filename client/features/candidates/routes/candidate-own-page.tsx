import { Box, Button, Fieldset, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField, useZodCheck } from '../../../components/ui/form-kit'
import { ApiClientError, applyFieldErrors, errorText } from '../../../lib/api-client'
import { setLanguage } from '../../../lib/i18n'
import { queryClient } from '../../../lib/query-client'
import { CandidateAboutFields, CandidateBankFields, CandidateIceFields } from '../components/candidate-fields'
import { sendOwnDetails } from '../api/candidates-api'
import { EMPTY_OWN_DETAILS, ownDetailsFormSchema, ownDetailsToInput, type OwnDetailsForm } from '../model/candidate-form'
import { useOwnPage } from '../api/candidates-queries'

/**
 * /candidate/:token (docs/decisions/070): a candidate's own page from the link in their e-mail, on their phone, with no
 * account: their first name, whom to ask, and the form for their details — address and phone, identity and bank
 * numbers (checked as they will be), sizes, diet, cake and next of kin — in their language. Nothing of anyone else.
 */
export default function CandidateOwnPage() {
  // The blank layout brings no query client of its own.
  return (
    <QueryClientProvider client={queryClient}>
      <OwnPage />
    </QueryClientProvider>
  )
}

function OwnPage() {
  const { t, i18n } = useTranslation()
  const { token = '' } = useParams()
  const page = useOwnPage(token)
  const language = page.data?.language
  useEffect(() => {
    if (language && i18n.language !== language) void setLanguage(language)
  }, [language, i18n])
  const [sent, setSent] = useState(false)
  const failure = page.error
  const gone = failure instanceof ApiClientError ? failure : null
  const message = gone
    ? gone.body?.error === 'candidate_link_used'
      ? t('candidateOwn.used')
      : gone.body?.error === 'candidate_link_expired'
        ? t('candidateOwn.expired')
        : gone.status === 404 || gone.status === 400
          ? t('candidateOwn.notFound')
          : errorText(gone, t)
    : failure
      ? errorText(failure, t)
      : null
  return (
    <Stack as="main" id="main" gap="6" py={{ base: '8', md: '16' }} px="5" maxW="2xl" mx="auto" data-testid="candidate-own">
      <Heading as="h1" size="2xl">
        {sent ? t('candidateOwn.thanks') : page.data ? t('candidateOwn.title', { name: page.data.firstName }) : t('routes.candidate-token')}
      </Heading>
      {sent ? (
        <Text data-testid="candidate-own-thanks">{t('candidateOwn.thanksText')}</Text>
      ) : message ? (
        <Text role="alert" data-testid="candidate-own-gone">
          {message}
        </Text>
      ) : !page.data ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <>
          <Stack gap="1">
            <Text>{t('candidateOwn.intro')}</Text>
            {page.data.recruiterName ? <Text color="fg.muted">{t('candidateOwn.recruiter', { name: page.data.recruiterName })}</Text> : null}
            <Text fontSize="sm" color="fg.muted">
              {t('candidateOwn.until', { date: formatDate(page.data.expiresAt, page.data.language) })}
            </Text>
          </Stack>
          <DetailsForm token={token} onSent={() => setSent(true)} />
        </>
      )}
    </Stack>
  )
}

const FIELDS = Object.keys(EMPTY_OWN_DETAILS) as Array<keyof OwnDetailsForm>

function DetailsForm(props: { token: string; onSent: () => void }) {
  const { t } = useTranslation()
  const resolver = useZodCheck<OwnDetailsForm>(ownDetailsFormSchema)
  const form = useForm<OwnDetailsForm>({ resolver, defaultValues: EMPTY_OWN_DETAILS })
  const [error, setError] = useState<string | null>(null)
  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await sendOwnDetails(props.token, ownDetailsToInput(values))
      props.onSent()
    } catch (err) {
      if (!applyFieldErrors(err, (name, e) => form.setError(name, e), FIELDS)) setError(errorText(err, t))
    }
  })
  return (
    <form onSubmit={submit} noValidate data-testid="candidate-own-form">
      <Stack gap="6">
        {error ? <FormAlert message={error} /> : null}
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('candidateOwn.sections.contact')}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            <TextField form={form} name="address" label={t('candidates.fields.address')} autoComplete="street-address" required />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField form={form} name="postalCode" label={t('candidates.fields.postalCode')} autoComplete="postal-code" inputMode="numeric" required />
              <TextField form={form} name="city" label={t('candidates.fields.city')} autoComplete="address-level2" required />
            </SimpleGrid>
            <TextField form={form} name="phone" label={t('candidates.fields.phone')} type="tel" autoComplete="tel" required />
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('candidateOwn.sections.bank')}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            <CandidateBankFields form={form} required accountHelper={t('candidateOwn.bankHint')} />
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('candidateOwn.sections.personal')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mt="2">
            <CandidateAboutFields form={form} />
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('candidateOwn.sections.ice')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mt="2">
            <CandidateIceFields form={form} />
          </SimpleGrid>
        </Fieldset.Root>
        <Box>
          <Button type="submit" colorPalette="brand" size="lg" loading={form.formState.isSubmitting} data-testid="candidate-own-submit">
            {t('candidateOwn.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  )
}
