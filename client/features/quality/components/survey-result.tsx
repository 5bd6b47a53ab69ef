import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import { textIn } from '../../../../shared/rules/quality'
import type { Question, SurveyDetail } from '../../../../shared/schemas/quality'

/** An ended survey's result: its outcome, who recorded it when, and the answers given. */
export function SurveyResult(props: { survey: SurveyDetail; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const s = props.survey
  const questions = s.template?.content.questions ?? []
  const shown = (q: Question, v: number | boolean | string | undefined) => {
    if (v === undefined) return '–'
    if (q.kind === 'yesno') return t(v ? 'quality.surveys.yes' : 'quality.surveys.no')
    if (q.kind === 'choice') {
      const option = q.options.find((o) => o.id === v)
      return option ? textIn(option.text, props.lang) : String(v)
    }
    return String(v)
  }
  return (
    <Stack gap="3" data-testid="survey-result">
      <Text fontWeight="semibold">{t('quality.surveys.result')}</Text>
      {s.status === 'answered' ? (
        <HStack gap="6" flexWrap="wrap">
          <Stack gap="0">
            <Text fontSize="xs" color="fg.muted">
              {t('quality.surveys.grade')}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid="survey-grade">
              {s.grade ?? '–'}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text fontSize="xs" color="fg.muted">
              {t('quality.surveys.score')}
            </Text>
            <Text fontSize="2xl">{s.score ?? '–'}</Text>
          </Stack>
          <Stack gap="0">
            <Text fontSize="xs" color="fg.muted">
              {t('quality.surveys.nki')}
            </Text>
            <Text fontSize="2xl">{s.nki ?? '–'}</Text>
          </Stack>
        </HStack>
      ) : null}
      {s.regretReason ? (
        <Text>
          <Text as="span" color="fg.muted">
            {t('quality.surveys.regretReasonLabel')}:{' '}
          </Text>
          {s.regretReason}
        </Text>
      ) : null}
      {s.answers
        ? questions.map((q, i) => (
            <Box key={q.id}>
              <Text fontSize="sm" color="fg.muted">
                {i + 1}. {textIn(q.text, props.lang)}
              </Text>
              <Text>{shown(q, s.answers?.[q.id])}</Text>
            </Box>
          ))
        : null}
      {s.answeredBy && s.answeredAt ? (
        <Text fontSize="sm" color="fg.muted">
          {t('quality.surveys.answeredBy', {
            name: s.answeredBy.name,
            date: `${formatDate(s.answeredAt, props.lang)} ${formatTime(s.answeredAt, props.lang)}`,
          })}
          {s.channel ? ` · ${t(`quality.channel.${s.channel}`)}` : ''}
        </Text>
      ) : null}
    </Stack>
  )
}
