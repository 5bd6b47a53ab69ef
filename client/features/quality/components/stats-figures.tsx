import { Badge, Box, Card, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDecimal, formatPercent, type FormatLanguage } from '../../../../shared/format'
import { SMALL_SAMPLE, type QualityFigures } from '../../../../shared/schemas/quality'
import { useLanguage } from '../../../lib/use-language'

/** A number that opens the surveys behind it (nothing to open behind a zero). */
export function FigureLink(props: { to: string; children: ReactNode; label?: string; empty?: boolean }) {
  if (props.empty || props.children === 0) return <>{props.children}</>
  return (
    <ChakraLink asChild color="brand.fg" fontWeight="medium" aria-label={props.label}>
      <Link to={props.to}>{props.children}</Link>
    </ChakraLink>
  )
}

export const percentOrDash = (share: number | null, lang: FormatLanguage) => (share === null ? '–' : formatPercent(share, lang))
export const numberOrDash = (value: number | null, lang: FormatLanguage) => (value === null ? '–' : formatDecimal(value, lang))

/** The sample behind a mean, and a warning when it is too small to read as a trend. */
export function Sample(props: { n: number }) {
  const { t } = useTranslation()
  return (
    <Text as="span" fontSize="xs" color="fg.muted" ms="1" whiteSpace="nowrap">
      {t('quality.stats.sample', { n: props.n })}
      {props.n > 0 && props.n < SMALL_SAMPLE ? (
        <Badge ms="1" size="xs" colorPalette="orange" variant="subtle" data-testid="small-sample">
          {t('quality.stats.smallSample')}
        </Badge>
      ) : null}
    </Text>
  )
}

/** The key figures of a set of surveys as cards, each opening the surveys behind it. */
export function KeyFigures(props: { figures: QualityFigures; hrefOf: (status: string) => string }) {
  const { t, lang } = useLanguage()
  const f = props.figures
  const card = (label: string, value: ReactNode, foot: ReactNode, testId: string) => (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" lineHeight="short" data-testid="figure-value">
          {value}
        </Text>
        <Box fontSize="xs" color="fg.muted">
          {foot}
        </Box>
      </Card.Body>
    </Card.Root>
  )
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
      {card(
        t('quality.stats.surveys'),
        <FigureLink to={props.hrefOf('queued')}>{f.surveys}</FigureLink>,
        t('quality.stats.queuedNow', { n: f.queued }),
        'figure-surveys',
      )}
      {card(
        t('quality.stats.answeredShare'),
        percentOrDash(f.answeredShare, lang),
        <FigureLink to={props.hrefOf('answered')}>{t('quality.stats.answeredN', { n: f.answered })}</FigureLink>,
        'figure-answered',
      )}
      {card(
        t('quality.stats.averageGrade'),
        f.averageGrade ?? '–',
        <>
          {t('quality.stats.averageScore', { score: numberOrDash(f.averageScore, lang) })}
          <Sample n={f.scored} />
        </>,
        'figure-grade',
      )}
      {card(t('quality.stats.nki'), numberOrDash(f.nki, lang), <Sample n={f.nkiSample} />, 'figure-nki')}
      {card(
        t('quality.stats.regretShare'),
        percentOrDash(f.regretShare, lang),
        <FigureLink to={props.hrefOf('regret')}>{t('quality.stats.regretN', { n: f.regret })}</FigureLink>,
        'figure-regret',
      )}
    </SimpleGrid>
  )
}

export function StatsLoading() {
  return (
    <Stack gap="4" aria-busy data-testid="stats-loading">
      <Skeleton h="24" />
      <Skeleton h="72" />
    </Stack>
  )
}
