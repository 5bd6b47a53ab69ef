import { Button, Fieldset, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { SurveyScriptCheckLine } from './survey-script-check'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SurveyDetail } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { answerSurvey, surveyNotReached, surveyRegret } from '../api/quality-api'
import { FormAlert } from '../../../components/ui/form-alert'
import { QuestionInput, useSurveyAnswers } from './survey-questions'
import { SurveyResult } from './survey-result'
import { AppDialog } from '../../../components/ui/app-dialog'
import { RegretPanel, SendLinkPanel, SurveyFacts, SurveySale } from './survey-parts'
import { useLanguage } from '../../../lib/use-language'
import { useAction } from '../../../components/ui/use-action'
import { useSurvey } from '../api/quality-queries'

type Lang = 'sv' | 'en' | 'fi'
type Outcome = 'answer' | 'notReached' | 'regret'
type Answers = NonNullable<ReturnType<ReturnType<typeof useSurveyAnswers>['checked']>>

/**
 * One survey beside its sale (docs/decisions/045): the customer's phone one tap away, the questions of the version it
 * is answered with, and the three outcomes. An ended survey shows its result. The whole screen on a phone.
 */
export function SurveyDialog(props: { id: string; onClose: () => void; onDone: () => void; nextId: string | null; onNext: (id: string) => void }) {
  const { t } = useTranslation()
  const survey = useSurvey(props.id)
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
  const [pressed, setPressed] = useState<Outcome | null>(null)
  const [regretOpen, setRegretOpen] = useState(false)
  const [linkOpen, setLinkOpen] = useState(false)
  const canSendLink = !!s.sale?.hasEmail
  const [reason, setReason] = useState('')
  const open = s.status === 'queued' && s.canRecord

  // One outcome at a time: the answers, not reached, or the customer's regret; each says it is done and the list
  // follows. A question's refusal shows at its question; a survey decided or changed meanwhile offers a reload.
  const outcome = useAction(
    async (what: Outcome, answers?: Answers) => {
      if (what === 'answer') {
        const done = await answerSurvey(s.id, s.version, answers!)
        snackbar.success(done.grade ? t('quality.surveys.answeredToast', { grade: done.grade }) : t('quality.surveys.answeredNoGrade'))
      } else if (what === 'notReached') {
        const done = await surveyNotReached(s.id, s.version)
        snackbar.success(done.status === 'unreached' ? t('quality.surveys.unreachedToast', { n: done.attempts }) : t('quality.surveys.notReachedToast'))
      } else {
        await surveyRegret(s.id, s.version, reason.trim())
        snackbar.success(t('quality.surveys.regretToast'))
        setRegretOpen(false)
      }
    },
    {
      onDone: () => props.onDone(),
      onError: (err) => {
        if (form.showServerErrors(err)) return true
        const code = err instanceof ApiClientError ? err.body?.error : undefined
        outcome.fail(errorText(err, t), code === 'changed_elsewhere' || code === 'already_decided')
        return true
      },
    },
  )
  const press = (what: Outcome, answers?: Answers) => {
    setPressed(what)
    void outcome.run(what, answers)
  }
  const busy = outcome.busy ? pressed : null

  const save = () => {
    outcome.clear()
    const clean = form.checked()
    if (clean) press('answer', clean)
  }

  const regret = () => {
    if (!reason.trim()) return setErrors({ reason: t('validation.required') })
    press('regret')
  }

  return (
    <Stack gap="5">
      {outcome.error ? (
        <FormAlert message={outcome.error}>
          {outcome.conflict ? (
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
                  <Button colorPalette="brand" loading={busy === 'answer'} onClick={save}>
                    {t('quality.surveys.saveAnswers')}
                  </Button>
                  <Button variant="outline" loading={busy === 'notReached'} onClick={() => press('notReached')}>
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
                {regretOpen ? <RegretPanel reason={reason} onReason={setReason} error={errors.reason} busy={busy === 'regret'} onConfirm={regret} /> : null}
              </Stack>
            ) : null}
          </Stack>
        </Fieldset.Root>
      )}
    </Stack>
  )
}
