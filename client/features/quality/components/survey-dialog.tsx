import { Badge, Box, Button, Field, Fieldset, HStack, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { SurveyScriptCheckLine } from './survey-script-check'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { SurveyDetail } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { answerSurvey, getSurvey, sendSurveyLink, surveyNotReached, surveyRegret } from '../api/quality-api'
import { FormAlert } from '../../../components/ui/form-alert'
import { revealIdentity } from '../../../lib/identity-api'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { qualityKeys } from '../api/quality-keys'
import { QuestionInput, useSurveyAnswers } from './survey-questions'
import { SurveyResult } from './survey-result'
import { AppDialog } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'

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
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const s = props.survey
  const questions = s.template?.content.questions ?? []
  const form = useSurveyAnswers(questions)
  const { errors, setErrors } = form
  const [busy, setBusy] = useState<'answer' | 'notReached' | 'regret' | null>(null)
  const [regretOpen, setRegretOpen] = useState(false)
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkLanguage, setLinkLanguage] = useState<Lang>((i18n.language as Lang) ?? 'sv')
  const [linkBusy, setLinkBusy] = useState(false)
  const [linkError, setLinkError] = useState<string | null>(null)
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
      snackbar.show(done.grade ? t('quality.surveys.answeredToast', { grade: done.grade }) : t('quality.surveys.answeredNoGrade'), {
        color: 'success',
        icon: 'success',
      })
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
      snackbar.show(done.status === 'unreached' ? t('quality.surveys.unreachedToast', { n: done.attempts }) : t('quality.surveys.notReachedToast'), {
        color: 'success',
        icon: 'success',
      })
      props.onDone()
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  const sendLink = async () => {
    setLinkError(null)
    setLinkBusy(true)
    try {
      const sent = await sendSurveyLink(s.id, linkLanguage)
      snackbar.show(t('quality.share.sentToast', { to: sent.sentTo }), { color: 'success', icon: 'success' })
      setLinkOpen(false)
    } catch (err) {
      const body = err instanceof ApiClientError ? err.body : undefined
      setLinkError(body?.fieldErrors?.email?.[0] ?? errorText(err, t))
    } finally {
      setLinkBusy(false)
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
      snackbar.show(t('quality.surveys.regretToast'), { color: 'success', icon: 'success' })
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
      <HStack gap="2" flexWrap="wrap">
        <Badge
          colorPalette={s.status === 'queued' ? 'blue' : s.status === 'answered' ? 'green' : s.status === 'regret' ? 'red' : 'orange'}
          data-testid="survey-status"
        >
          {t(`quality.status.${s.status}`)}
        </Badge>
        <Badge variant="subtle">{t(`quality.reason.${s.reason}`)}</Badge>
        {s.status === 'queued' ? <Text fontSize="sm">{t('quality.surveys.attemptsOf', { n: s.attempts + 1, max: s.maxAttempts })}</Text> : null}
        {s.template ? (
          <Text fontSize="sm" color="fg.muted">
            {t('quality.surveys.templateVersion', { name: s.template.name, n: s.template.versionNumber })}
          </Text>
        ) : null}
      </HStack>

      {s.sale ? (
        <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="survey-sale">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Stack gap="1">
              <Text fontSize="xs" color="fg.muted">
                {t('quality.surveys.customer')}
              </Text>
              <Text fontWeight="semibold">
                {s.sale.customerType === 'company' && s.sale.companyName ? `${s.sale.companyName} (${s.sale.customerName})` : s.sale.customerName}
              </Text>
              {s.sale.ssn ? (
                <Text as="div" fontSize="sm">
                  <IdentityNumber masked={s.sale.ssn} reveal={() => revealIdentity.ofSale(s.saleId)} testId="survey-ssn" />
                </Text>
              ) : null}
              {s.canRecord ? (
                s.sale.phone ? (
                  <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start" data-testid="survey-call">
                    <a href={`tel:${s.sale.phone.replace(/[^+\d]/g, '')}`}>{t('quality.surveys.call', { phone: s.sale.phone })}</a>
                  </Button>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    {t('quality.surveys.noPhone')}
                  </Text>
                )
              ) : null}
            </Stack>
            <Stack gap="1" fontSize="sm">
              <Text>
                <Text as="span" color="fg.muted">
                  {t('quality.surveys.soldAt')}:{' '}
                </Text>
                {formatDate(s.sale.soldAt, lang)} {formatTime(s.sale.soldAt, lang)}
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  {t('quality.surveys.orderValue')}:{' '}
                </Text>
                {formatOre(s.sale.orderValueOre, lang)}
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  {t('quality.surveys.saleStatus')}:{' '}
                </Text>
                <span data-testid="survey-sale-status">{t(`sales.status.${s.sale.status}`)}</span>
              </Text>
              <Text color="fg.muted">{t('quality.surveys.products')}:</Text>
              {s.sale.lines.map((l, i) => (
                <Text key={i}>
                  {l.quantity} × {l.name}
                </Text>
              ))}
            </Stack>
          </SimpleGrid>
        </Box>
      ) : null}
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
                {linkOpen ? (
                  <Box borderWidth="1px" rounded="md" p="3" data-testid="survey-send-link">
                    <Stack gap="3">
                      <Text fontWeight="semibold">{t('quality.share.sendLinkTitle')}</Text>
                      <Text fontSize="sm">{t('quality.share.sendLinkText')}</Text>
                      <HStack gap="2" flexWrap="wrap">
                        <Choices
                          size="sm"
                          root={{ width: 'auto' }}
                          aria-label={t('quality.share.language')}
                          value={linkLanguage}
                          onChange={(e) => setLinkLanguage(e.currentTarget.value as Lang)}
                          options={[
                            { value: 'sv', label: 'Svenska' },
                            { value: 'en', label: 'English' },
                            { value: 'fi', label: 'Suomi' },
                          ]}
                        />
                        <Button size="sm" colorPalette="brand" loading={linkBusy} onClick={() => void sendLink()}>
                          {t('quality.share.sendLink')}
                        </Button>
                      </HStack>
                      {linkError ? <FormAlert message={linkError} fontSize="sm" /> : null}
                    </Stack>
                  </Box>
                ) : null}
                {regretOpen ? (
                  <Box borderWidth="1px" borderColor="border.error" rounded="md" p="3" data-testid="survey-regret">
                    <Stack gap="3">
                      <Text fontWeight="semibold">{t('quality.surveys.regretTitle')}</Text>
                      <Text fontSize="sm">{t('quality.surveys.regretText')}</Text>
                      <Field.Root invalid={!!errors.reason} required>
                        <Field.Label>
                          {t('quality.surveys.regretReason')}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                        {errors.reason ? <Field.ErrorText>{errors.reason}</Field.ErrorText> : null}
                      </Field.Root>
                      <Box>
                        <Button colorPalette="red" loading={busy === 'regret'} onClick={() => void regret()}>
                          {t('quality.surveys.confirmRegret')}
                        </Button>
                      </Box>
                    </Stack>
                  </Box>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Fieldset.Root>
      )}
    </Stack>
  )
}
