import { Button, Fieldset, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { SurveyScriptCheckLine } from './survey-script-check'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SurveyDetail } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { answerSurvey, getSurvey, surveyNotReached, surveyRegret } from '../api/quality-api'
import { FormAlert } from '../../../components/ui/form-alert'
import { qualityKeys } from '../api/quality-keys'
import { QuestionInput, useSurveyAnswers } from './survey-questions'
import { SurveyResult } from './survey-result'
import { AppDialog } from '../../../components/ui/app-dialog'
import { RegretPanel, SendLinkPanel, SurveyFacts, SurveySale } from './survey-parts'
import { useLanguage } from '../../../lib/use-language'

type Lang = 'sv' | 'en' | 'fi'

/**
 * One survey beside its sale (docs/decisions/045): the customer's phone one tap away, the questions of the version it
 * is answered with, and the three outcomes. An ended survey shows its result. The whole screen on a phone.
 */
export function SurveyDialog(props: { id: string; onClose: () => void; onDone: () => void; nextId: string | null; onNext: (id: string) => void }) {
  const { t } = useTranslation()
  const survey = useQuery({ queryKey: qualityKeys.survey(props.id), queryFn: ({ signal }) => getSurvey(props.id, signal), gcTime: 0 })
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={survey.data ? `${survey.data.seller.name} · ${survey.data.provider.name}` : t('routes.backoffice-salequality-surveys')}
      testId="survey-dialog"
      size="lg"
      scroll
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('quality.surveys.back')}
          </Button>
          {props.nextId ? (
            <Button
              {...(survey.data?.status === 'queued' ? { variant: 'outline' as const } : { colorPalette: 'brand', variant: 'solid' as const })}
              onClick={() => props.onNext(props.nextId!)}
            >
              {t('quality.surveys.next')}
            </Button>
          ) : null}
        </>
      }
    >
      {survey.isError ? (
        survey.error instanceof ApiClientError && survey.error.status === 404 ? (
          <Text role="alert">{t('quality.surveys.notFound')}</Text>
        ) : (
          <LoadError error={survey.error} onRetry={() => void survey.refetch()} />
        )
      ) : !survey.data ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <SurveyBody
          key={`${survey.data.id}:${survey.data.version}`}
          survey={survey.data}
          reload={() => void survey.refetch()}
          onDone={() => {
            props.onDone()
            void survey.refetch()
          }}
        />
      )}
    </AppDialog>
  )
}

function SurveyBody(props: { survey: SurveyDetail; reload: () => void; onDone: () => void }) {
  const { t, i18n, lang } = useLanguage()
  const s = props.survey
  const questions = s.template?.content.questions ?? []
  const form = useSurveyAnswers(questions)
  const { errors, setErrors } = form
  const [busy, setBusy] = useState<'answer' | 'notReached' | 'regret' | null>(null)
  const [regretOpen, setRegretOpen] = useState(false)
  const [linkOpen, setLinkOpen] = useState(false)
  const canSendLink = !!s.sale?.hasEmail
  const [reason, setReason] = useState('')
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null)
  const open = s.status === 'queued' && s.canRecord

  const failed = (err: unknown) => {
    if (form.showServerErrors(err)) return
    const body = err instanceof ApiClientError ? err.body : undefined
    const conflict = body?.error === 'changed_elsewhere' || body?.error === 'already_decided'
    setFormError({ message: errorText(err, t), conflict })
  }

  const save = async () => {
    setFormError(null)
    const clean = form.checked()
    if (!clean) return
    setBusy('answer')
    try {
      const done = await answerSurvey(s.id, s.version, clean)
      snackbar.success(done.grade ? t('quality.surveys.answeredToast', { grade: done.grade }) : t('quality.surveys.answeredNoGrade'))
      props.onDone()
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  const notReached = async () => {
    setFormError(null)
    setBusy('notReached')
    try {
      const done = await surveyNotReached(s.id, s.version)
      snackbar.success(done.status === 'unreached' ? t('quality.surveys.unreachedToast', { n: done.attempts }) : t('quality.surveys.notReachedToast'))
      props.onDone()
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  const regret = async () => {
    if (!reason.trim()) {
      setErrors({ reason: t('validation.required') })
      return
    }
    setFormError(null)
    setBusy('regret')
    try {
      await surveyRegret(s.id, s.version, reason.trim())
      snackbar.success(t('quality.surveys.regretToast'))
      setRegretOpen(false)
      props.onDone()
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="5">
      {formError ? (
        <FormAlert message={formError.message}>
          {formError.conflict ? (
            <Button size="xs" variant="outline" onClick={props.reload}>
              {t('form.reload')}
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      <SurveyFacts survey={s} />

      {s.sale ? <SurveySale survey={s} sale={s.sale} lang={lang} /> : null}
      {s.scriptCheck ? <SurveyScriptCheckLine check={s.scriptCheck} /> : null}

      {s.status !== 'queued' ? (
        <SurveyResult survey={s} lang={lang} />
      ) : (
        <Fieldset.Root disabled={!open || busy !== null}>
          <Stack gap="4">
            {!s.canRecord ? (
              <Text fontSize="sm" color="fg.muted">
                {t('quality.surveys.readOnly')}
              </Text>
            ) : null}
            {questions.map((q, i) => (
              <QuestionInput key={q.id} n={i + 1} question={q} lang={i18n.language as Lang} {...form.inputProps(q)} />
            ))}
            {errors._ ? (
              <Text role="alert" color="fg.error" fontSize="sm">
                {errors._}
              </Text>
            ) : null}
            {open ? (
              <Stack gap="3">
                <HStack gap="2" flexWrap="wrap">
                  <Button colorPalette="brand" loading={busy === 'answer'} onClick={() => void save()}>
                    {t('quality.surveys.saveAnswers')}
                  </Button>
                  <Button variant="outline" loading={busy === 'notReached'} onClick={() => void notReached()}>
                    {t('quality.surveys.notReached')}
                  </Button>
                  <Button variant="outline" colorPalette="red" onClick={() => setRegretOpen((o) => !o)} aria-expanded={regretOpen}>
                    {t('quality.surveys.regret')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setLinkOpen((o) => !o)}
                    aria-expanded={linkOpen}
                    disabled={!canSendLink}
                    aria-describedby={canSendLink ? undefined : 'survey-no-email'}
                  >
                    {t('quality.share.sendLink')}
                  </Button>
                </HStack>
                {canSendLink ? null : (
                  <Text id="survey-no-email" fontSize="sm" color="fg.muted" data-testid="survey-no-email">
                    {t('quality.link.noEmail')}
                  </Text>
                )}
                {linkOpen ? <SendLinkPanel surveyId={s.id} onSent={() => setLinkOpen(false)} /> : null}
                {regretOpen ? (
                  <RegretPanel reason={reason} onReason={setReason} error={errors.reason} busy={busy === 'regret'} onConfirm={() => void regret()} />
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Fieldset.Root>
      )}
    </Stack>
  )
}
