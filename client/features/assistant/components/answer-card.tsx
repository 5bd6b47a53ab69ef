import { Badge, Box, Button, Card, Code, Collapsible, HStack, Stack, Stat, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { BiAnswer } from '../../../../shared/schemas/assistant'
import { CHART_COLORS, StatChart, type FigureColumn } from '../../../components/ui/stat-chart'
import { downloadText, toCsv } from '../../../components/ui/data-table/csv'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { ComparisonLine, SummaryGrid } from './answer-comparison'
import { formatFigure } from './answer-format'

const PALETTE = Object.values(CHART_COLORS)

/** The figures as rows: each label with each series' value (the table, the CSV and the copy). */
function figureRows(answer: BiAnswer, labelHeader: string): { header: string[]; rows: Array<Array<string | number>> } {
  const t0 = answer.series.length > 1 ? answer.series.map((s) => s.label) : [answer.series[0]?.label ?? '']
  return {
    header: [labelHeader, ...t0],
    rows: answer.labels.map((label, i) => [label, ...answer.series.map((s) => s.values[i] ?? 0)]),
  }
}

/**
 * One answer of the assistant: the query in words and the scope it counted, the chart (or the single number) with
 * its figures as a table, copy and CSV of the figures, and — folded — the query behind it and the SQL run.
 */
export function AnswerCard({ answer, actions, testId = 'answer' }: { answer: BiAnswer; actions?: React.ReactNode; testId?: string }) {
  const { t, lang } = useLanguage()
  const fmt = (v: number) => formatFigure(v, answer.unit, lang)
  const fileName = `${answer.description.slice(0, 60).replace(/[^\p{L}\p{N}]+/gu, '-')}.csv`
  const copy = async () => {
    const text = [header.join('\t'), ...rows.map((r) => r.join('\t'))].join('\n')
    try {
      await navigator.clipboard.writeText(text)
      snackbar.success(t('assistant.copied'))
    } catch {
      snackbar.error(t('assistant.error'))
    }
  }
  // The first column names what the rows are: the time buckets or the category ("Vecka", "Team").
  const category = answer.query.groupBy.find((d) => d !== 'time')
  const rowsAre = answer.query.granularity
    ? t(`assistant.granularity.${answer.query.granularity}`)
    : category
      ? t(`assistant.dimension.${category}`)
      : t('assistant.columnLabel')
  const labelHeader = rowsAre.charAt(0).toLocaleUpperCase(lang) + rowsAre.slice(1)
  const { header, rows } = figureRows(answer, labelHeader)
  const columns: FigureColumn[] = [
    { header: labelHeader, render: (i) => answer.labels[i], csv: (i) => answer.labels[i] ?? '' },
    ...answer.series.map((s) => ({
      header: s.label,
      render: (i: number) => fmt(s.values[i] ?? 0),
      csv: (i: number) => s.values[i] ?? 0,
      numeric: true,
    })),
  ]
  return (
    <Card.Root data-testid={testId} data-chart={answer.chart} size="sm" w="full">
      <Card.Body gap="3">
        <Stack gap="1">
          <Text fontWeight="semibold" data-testid="answer-description">
            {answer.description}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="blue" variant="subtle" data-testid="answer-scope" data-scope={answer.scope.kind}>
              {t('assistant.scopeUsed', {
                scope: t(`assistant.scope.${answer.scope.kind}`, { names: answer.scope.names.join(', ') }),
              })}
            </Badge>
            {answer.legacyCutoff ? (
              <Badge colorPalette="orange" variant="subtle">
                {t('assistant.legacyCut', { date: answer.to })}
              </Badge>
            ) : null}
          </HStack>
          <ComparisonLine answer={answer} />
        </Stack>
        {answer.summary ? (
          <SummaryGrid answer={answer} />
        ) : answer.chart === 'number' ? (
          <Stat.Root borderWidth="1px" rounded="md" p="4" data-testid="answer-number">
            <Stat.Label>{answer.series[0]?.label}</Stat.Label>
            <Stat.ValueText fontSize="3xl">{fmt(answer.series[0]?.values[0] ?? answer.total ?? 0)}</Stat.ValueText>
          </Stat.Root>
        ) : (
          <StatChart
            title={t(`assistant.measure.${answer.query.measure}`)}
            legend={answer.query.groupBy.length === 2 || answer.series.length > 1}
            kind={answer.chart === 'line' ? 'line' : 'bar'}
            horizontal={answer.chart === 'horizontalBar'}
            labels={answer.labels}
            series={answer.series.map((s, i) => ({ label: s.label, values: s.values, color: PALETTE[i % PALETTE.length]! }))}
            columns={columns}
            fileName={fileName}
            format={fmt}
            integer={answer.unit === 'count'}
            max={answer.unit === 'percent' ? undefined : answer.unit === 'score' ? 100 : undefined}
            height={answer.chart === 'horizontalBar' ? Math.max(220, 28 * answer.labels.length + 60) : 280}
            testId="answer-chart"
            plain
          />
        )}
        <HStack gap="2" flexWrap="wrap">
          <Button size="xs" variant="outline" onClick={() => void copy()} data-testid="answer-copy">
            {t('assistant.copy')}
          </Button>
          {answer.chart === 'number' ? (
            <Button size="xs" variant="outline" onClick={() => downloadText(fileName, toCsv(header, rows))} data-testid="answer-csv">
              {t('assistant.downloadCsv')}
            </Button>
          ) : null}
          {actions}
        </HStack>
        <QueryBehind answer={answer} />
      </Card.Body>
    </Card.Root>
  )
}

/** The query behind an answer: in words, and every statement run with its parameters. */
export function QueryBehind({ answer }: { answer: Pick<BiAnswer, 'description' | 'sql'> }) {
  const { t } = useTranslation()
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="ghost" alignSelf="start" data-testid="answer-show-query">
          {t('assistant.showQuery')}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="2" pt="2" data-testid="answer-query">
          <Text fontSize="sm" fontWeight="medium">
            {t('assistant.queryInWords')}
          </Text>
          <Text fontSize="sm">{answer.description}</Text>
          <Text fontSize="sm" fontWeight="medium">
            {t('assistant.sqlRun')}
          </Text>
          {answer.sql.map((s, i) => (
            <Box key={i} borderWidth="1px" rounded="md" p="2" overflowX="auto">
              <Code display="block" whiteSpace="pre-wrap" fontSize="xs" bg="transparent" data-testid="answer-sql">
                {s.text}
              </Code>
              {s.params.length ? (
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {t('assistant.parameters')}: {s.params.map((p) => JSON.stringify(p)).join(', ')}
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
