import { Badge, Box, Button, Field, HStack, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { SurveyDetail } from '../../../../shared/schemas/quality'
import { Choices } from '../../../components/ui/choices'
import { FormAlert } from '../../../components/ui/form-alert'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { errorText, serverFieldErrors } from '../../../lib/api-client'
import { revealIdentity } from '../../../lib/identity-api'
import { snackbar } from '../../../lib/snackbar-store'
import { sendSurveyLink } from '../api/quality-api'

type Lang = 'sv' | 'en' | 'fi'

/** A survey's status, why it was made, its attempt and the template version it is answered with. */
export function SurveyFacts({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation()
  return (
    <HStack gap="2" flexWrap="wrap">
      <Badge
        colorPalette={survey.status === 'queued' ? 'blue' : survey.status === 'answered' ? 'green' : survey.status === 'regret' ? 'red' : 'orange'}
        data-testid="survey-status"
      >
        {t(`quality.status.${survey.status}`)}
      </Badge>
      <Badge variant="subtle">{t(`quality.reason.${survey.reason}`)}</Badge>
      {survey.status === 'queued' ? <Text fontSize="sm">{t('quality.surveys.attemptsOf', { n: survey.attempts + 1, max: survey.maxAttempts })}</Text> : null}
      {survey.template ? (
        <Text fontSize="sm" color="fg.muted">
          {t('quality.surveys.templateVersion', { name: survey.template.name, n: survey.template.versionNumber })}
        </Text>
      ) : null}
    </HStack>
  )
}

/** The sale a survey asks about: the customer (their phone one tap away for a caller), when, what and its status. */
export function SurveySale({ survey, sale, lang }: { survey: SurveyDetail; sale: NonNullable<SurveyDetail['sale']>; lang: FormatLanguage }) {
  const { t } = useTranslation()
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="survey-sale">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Stack gap="1">
          <Text fontSize="xs" color="fg.muted">
            {t('quality.surveys.customer')}
          </Text>
          <Text fontWeight="semibold">
            {sale.customerType === 'company' && sale.companyName ? `${sale.companyName} (${sale.customerName})` : sale.customerName}
          </Text>
          {sale.ssn ? (
            <Text as="div" fontSize="sm">
              <IdentityNumber masked={sale.ssn} reveal={() => revealIdentity.ofSale(survey.saleId)} testId="survey-ssn" />
            </Text>
          ) : null}
          {survey.canRecord ? (
            sale.phone ? (
              <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start" data-testid="survey-call">
                <a href={`tel:${sale.phone.replace(/[^+\d]/g, '')}`}>{t('quality.surveys.call', { phone: sale.phone })}</a>
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
            {formatDate(sale.soldAt, lang)} {formatTime(sale.soldAt, lang)}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('quality.surveys.orderValue')}:{' '}
            </Text>
            {formatOre(sale.orderValueOre, lang)}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              {t('quality.surveys.saleStatus')}:{' '}
            </Text>
            <span data-testid="survey-sale-status">{t(`sales.status.${sale.status}`)}</span>
          </Text>
          <Text color="fg.muted">{t('quality.surveys.products')}:</Text>
          {sale.lines.map((l, i) => (
            <Text key={i}>
              {l.quantity} × {l.name}
            </Text>
          ))}
        </Stack>
      </SimpleGrid>
    </Box>
  )
}

/** Sending the customer the survey's link by e-mail, in the language they read. */
export function SendLinkPanel({ surveyId, onSent }: { surveyId: string; onSent: () => void }) {
  const { t, i18n } = useTranslation()
  const [linkLanguage, setLinkLanguage] = useState<Lang>((i18n.language as Lang) ?? 'sv')
  const [linkBusy, setLinkBusy] = useState(false)
  const [linkError, setLinkError] = useState<string | null>(null)
  const sendLink = async () => {
    setLinkError(null)
    setLinkBusy(true)
    try {
      const sent = await sendSurveyLink(surveyId, linkLanguage)
      snackbar.success(t('quality.share.sentToast', { to: sent.sentTo }))
      onSent()
    } catch (err) {
      setLinkError(serverFieldErrors(err)?.email?.[0] ?? errorText(err, t))
    } finally {
      setLinkBusy(false)
    }
  }
  return (
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
  )
}

/** Recording that the customer regrets the sale: the reason is required. */
export function RegretPanel(props: { reason: string; onReason: (reason: string) => void; error?: string; busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation()
  return (
    <Box borderWidth="1px" borderColor="border.error" rounded="md" p="3" data-testid="survey-regret">
      <Stack gap="3">
        <Text fontWeight="semibold">{t('quality.surveys.regretTitle')}</Text>
        <Text fontSize="sm">{t('quality.surveys.regretText')}</Text>
        <Field.Root invalid={!!props.error} required>
          <Field.Label>
            {t('quality.surveys.regretReason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={2} maxLength={500} value={props.reason} onChange={(e) => props.onReason(e.currentTarget.value)} />
          {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
        </Field.Root>
        <Box>
          <Button colorPalette="red" loading={props.busy} onClick={props.onConfirm}>
            {t('quality.surveys.confirmRegret')}
          </Button>
        </Box>
      </Stack>
    </Box>
  )
}
