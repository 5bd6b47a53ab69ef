import { Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { formatDate } from '../../../../shared/format'
import type { Answers } from '../../../../shared/rules/quality'
import type { PublicSurvey, Question } from '../../../../shared/schemas/quality'
import { ApiClientError, call, errorText, rpc, serverFieldErrors } from '../../../lib/api-client'
import { setLanguage } from '../../../lib/i18n'
import { queryClient } from '../../../lib/query-client'
import { QuestionInput, useSurveyAnswers } from '../components/survey-questions'
import { qualityKeys } from '../api/quality-keys'

const asQuestion = (q: PublicSurvey['questions'][number]): Question => ({
  id: q.id,
  kind: q.kind,
  text: { sv: q.text, en: q.text, fi: q.text },
  required: q.required,
  weight: 0,
  nki: false,
  positive: 'yes',
  options: q.options.map((o) => ({ id: o.id, text: { sv: o.text, en: o.text, fi: o.text }, score: 0 })),
})

/**
 * /survey/:token (docs/decisions/045): the customer's own answer to a quality survey, from a link by e-mail or a QR
 * code at the door, on their phone, with no sign-in: the questions in the link's language and nothing of the sale.
 */
export default function PublicSurveyPage() {
  // The blank layout (no app bar: the customer is not a user) brings no query client of its own.
  return (
    <QueryClientProvider client={queryClient}>
      <PublicSurvey />
    </QueryClientProvider>
  )
}

function PublicSurvey() {
  const { t, i18n } = useTranslation()
  const { token = '' } = useParams()
  const survey = useQuery({
    queryKey: qualityKeys.publicSurvey(token),
    queryFn: ({ signal }) => call(rpc.public.surveys[':token'].$get({ param: { token } }, { init: { signal } })),
    retry: false,
  })
  // The page speaks the customer's language: the one the link was made for.
  const language = survey.data?.language
  useEffect(() => {
    if (language && i18n.language !== language) void setLanguage(language)
  }, [language, i18n])
  const questions = (survey.data?.questions ?? []).map(asQuestion)
  const form = useSurveyAnswers(questions)
  const { errors } = form
  const send = useMutation({
    mutationFn: (clean: Answers) => call(rpc.public.surveys[':token'].$post({ param: { token }, json: { answers: clean } })),
    onError: (err) => void form.showServerErrors(err),
  })
  const submit = () => {
    const clean = form.checked()
    if (clean) send.mutate(clean)
  }

  const failure = survey.error ?? (send.error && !serverFieldErrors(send.error) ? send.error : null)
  const gone = failure instanceof ApiClientError && (failure.status === 410 || failure.status === 404)
  return (
    <Stack as="main" id="main" gap="6" py={{ base: '8', md: '16' }} px="5" maxW="xl" mx="auto" data-testid="public-survey">
      <Heading as="h1" size="2xl">
        {send.isSuccess ? t('quality.public.thanks') : gone ? t('quality.public.gone') : t('quality.public.title')}
      </Heading>
      {send.isSuccess ? (
        <Text data-testid="public-survey-thanks">{t('quality.public.thanksText')}</Text>
      ) : failure ? (
        <Text role="alert" data-testid="public-survey-gone">
          {failure instanceof ApiClientError && failure.status === 404 ? t('quality.public.notFound') : errorText(failure, t)}
        </Text>
      ) : !survey.data ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <Stack gap="5">
          <Text color="fg.muted">{t('quality.public.intro')}</Text>
          {questions.map((q, i) => (
            <QuestionInput key={q.id} n={i + 1} question={q} lang={survey.data.language} {...form.inputProps(q)} />
          ))}
          {errors._ ? (
            <Text role="alert" color="fg.error">
              {errors._}
            </Text>
          ) : null}
          <Box>
            <Button colorPalette="brand" size="lg" loading={send.isPending} onClick={submit}>
              {t('quality.public.send')}
            </Button>
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {t('quality.public.expires', { date: formatDate(survey.data.expiresAt, survey.data.language) })}
          </Text>
        </Stack>
      )}
    </Stack>
  )
}
