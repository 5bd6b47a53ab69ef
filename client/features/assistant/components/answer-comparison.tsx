import { Badge, SimpleGrid, Stat, Text } from '@chakra-ui/react'
import { formatDecimal, type FormatLanguage } from '../../../../shared/format'
import { ADDS_UP } from '../../../../shared/rules/assistant'
import type { BiAnswer, BiMeasure, BiUnit } from '../../../../shared/schemas/assistant'
import { useLanguage } from '../../../lib/use-language'
import { formatFigure } from './answer-format'

/** A change in words: percent for what adds up, points (percentage points, score points) for a rate or a score. */
function changeText(change: number, measure: BiMeasure, unit: BiUnit, lang: FormatLanguage, t: (key: string, o?: Record<string, unknown>) => string) {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±'
  const size = formatDecimal(Math.abs(change), lang)
  if (ADDS_UP[measure]) return `${sign}${size} %`
  return `${sign}${t(unit === 'percent' ? 'assistant.percentPoints' : 'assistant.scorePoints', { value: size })}`
}

/** Whether a change is for the better: more of everything, except regrets. */
const better = (measure: BiMeasure, change: number) => (measure === 'regretRate' ? change < 0 : change > 0)
const palette = (measure: BiMeasure, change: number | null) => (change === null || change === 0 ? 'gray' : better(measure, change) ? 'green' : 'red')

/** Under a comparison's description: the change from the other period, or that it had nothing to compare with. */
export function ComparisonLine({ answer }: { answer: BiAnswer }) {
  const { t, lang } = useLanguage()
  const c = answer.comparison
  if (!c || answer.summary) return null
  const measure = answer.query.measure
  return (
    <Text fontSize="sm" data-testid="answer-comparison">
      {c.change === null ? (
        t('assistant.noChange', { period: c.label })
      ) : (
        <>
          <Badge colorPalette={palette(measure, c.change)} variant="subtle" me="2">
            {changeText(c.change, measure, answer.unit, lang, t)}
          </Badge>
          {t('assistant.against', { period: c.label })}
        </>
      )}
    </Text>
  )
}

/** "How are we doing?": each main measure, its figure, the period before's, and the change. */
export function SummaryGrid({ answer }: { answer: BiAnswer }) {
  const { t, lang } = useLanguage()
  if (!answer.summary) return null
  return (
    <>
      {answer.comparison ? (
        <Text fontSize="sm" color="fg.muted">
          {t('assistant.comparedWith', { period: answer.comparison.label })}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 2, lg: 3 }} gap="3" data-testid="answer-summary">
        {answer.summary.map((s) => (
          <Stat.Root key={s.measure} borderWidth="1px" rounded="md" p="3" data-testid={`summary-${s.measure}`}>
            <Stat.Label>{t(`assistant.measure.${s.measure}`)}</Stat.Label>
            <Stat.ValueText fontSize="2xl">{s.value === null ? '–' : formatFigure(s.value, s.unit, lang)}</Stat.ValueText>
            <Stat.HelpText display="flex" gap="2" alignItems="center" flexWrap="wrap">
              {t('assistant.overviewBefore', { value: s.previous === null ? '–' : formatFigure(s.previous, s.unit, lang) })}
              {s.change !== null ? (
                <Badge colorPalette={palette(s.measure, s.change)} variant="subtle">
                  {changeText(s.change, s.measure, s.unit, lang, t)}
                </Badge>
              ) : null}
            </Stat.HelpText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </>
  )
}
