import { Box, Button, Card, HStack, Heading, Table, Text } from '@chakra-ui/react'
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js'
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Bar, Line } from 'react-chartjs-2'
import { useTranslation } from 'react-i18next'
import { useLook } from '../../lib/preferences'
import { downloadText, toCsv } from './data-table/csv'

ChartJS.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend)

/** Series colours that read on both the light and the dark theme. */
export const CHART_COLORS = {
  blue: '#3b6fd8',
  green: '#2f9e5b',
  red: '#d64545',
  grey: '#9aa3ad',
  amber: '#d9901a',
  purple: '#8a5cd1',
} as const

/**
 * The same series in field mode (docs/decisions/089): each a darker shade of its colour, at 4.5:1 or more on white
 * (the theme's colours are drawn for 3:1, WCAG 1.4.11), so a bar or a line still reads in sunlight.
 */
const FIELD_CHART_COLORS: Record<string, string> = {
  [CHART_COLORS.blue]: '#1d4494',
  [CHART_COLORS.green]: '#17623a',
  [CHART_COLORS.red]: '#9b1c1c',
  [CHART_COLORS.grey]: '#4b5563',
  [CHART_COLORS.amber]: '#8a5200',
  [CHART_COLORS.purple]: '#5b2d9e',
}

export type ChartSeries = {
  label: string
  values: Array<number | null>
  color: string
  /** drawn dashed (a comparison, such as the year before) */
  dashed?: boolean
}

export type FigureColumn = {
  header: string
  /** the cell of row `i` (the chart's `labels[i]`); a link here opens the rows behind the figure */
  render: (i: number) => ReactNode
  csv: (i: number) => string | number | null
  numeric?: boolean
}

type StatChartProps = {
  title: string
  kind: 'bar' | 'line'
  labels: string[]
  series: ChartSeries[]
  columns: FigureColumn[]
  fileName: string
  stacked?: boolean
  /** bars along the value axis from the left, one row per label: long names, or many of them */
  horizontal?: boolean
  /** the value axis's top (100 for a score or a percent) */
  max?: number
  format?: (value: number) => string
  /** counts: the value axis has whole steps only */
  integer?: boolean
  onPick?: (index: number, series: number) => void
  testId?: string
  height?: number
  /** without a card of its own (inside another card, such as the assistant's answer) */
  plain?: boolean
  /** the series' names under the title even for one series (they name a category, not the figure) */
  legend?: boolean
}

/**
 * A chart with its figures (chart.js through react-chartjs-2, loaded with the screen that shows it): the figures are
 * also a table below it, which screen readers read instead of the drawing, and a CSV of that table. A click on a
 * bar or point calls `onPick` with its row, so the screen can open the rows behind the figure.
 */
export function StatChart(props: StatChartProps) {
  const { t, i18n } = useTranslation()
  // The theme's muted text colour, for the axes, read from the page (it follows light and dark).
  const probe = useRef<HTMLSpanElement>(null)
  const [ink, setInk] = useState('#6b7280')
  const { scheme, field } = useLook()
  useLayoutEffect(() => {
    if (probe.current) setInk(getComputedStyle(probe.current).color)
  }, [scheme, field])
  const colour = (c: string) => (field ? (FIELD_CHART_COLORS[c] ?? c) : c)
  // Field mode's type is heavier and larger on the axes, too.
  const font = field ? { weight: 'bold' as const, size: 13 } : undefined
  // Numbers as the reader's language writes them ("91,7" in Swedish and Finnish), also where no format is given.
  const plainNumber = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
  const format = props.format ?? ((v: number) => plainNumber.format(v))
  // A long name beside a horizontal bar would push the bars off a phone: shortened there, whole in the table below.
  const short = (label: string | undefined) => (label && label.length > 22 ? `${label.slice(0, 21)}…` : (label ?? ''))
  const categoryAxis = {
    stacked: props.stacked,
    ticks: { color: ink, font, ...(props.horizontal ? { callback: (_value: number | string, index: number) => short(props.labels[index]) } : {}) },
    grid: { display: false },
  }
  const valueAxis = {
    stacked: props.stacked,
    beginAtZero: true,
    max: props.max,
    ticks: { color: ink, font, precision: props.integer ? 0 : undefined, callback: (v: number | string) => format(Number(v)) },
  }
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: i18n.language,
    animation: false,
    indexAxis: props.horizontal ? 'y' : 'x',
    interaction: { mode: 'nearest', intersect: props.kind === 'bar' },
    plugins: {
      legend: { display: props.legend ?? props.series.length > 1, labels: { color: ink, boxWidth: 12, font } },
      tooltip: {
        callbacks: {
          label: (c) => {
            const value = props.horizontal ? c.parsed.x : c.parsed.y
            return `${c.dataset.label ?? ''}: ${value === null ? '–' : format(value)}`
          },
        },
      },
    },
    scales: props.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
    onClick: (_event, elements) => {
      const hit = elements[0]
      if (hit && props.onPick) props.onPick(hit.index, hit.datasetIndex)
    },
    onHover: (event, elements) => {
      const target = event.native?.target as HTMLElement | undefined
      if (target) target.style.cursor = elements.length && props.onPick ? 'pointer' : 'default'
    },
  }
  const data = {
    labels: props.labels,
    datasets: props.series.map((s) => ({
      label: s.label,
      data: s.values,
      backgroundColor: colour(s.color),
      borderColor: colour(s.color),
      borderWidth: field && props.kind === 'line' ? 3 : undefined,
      borderDash: s.dashed ? [6, 4] : undefined,
      pointRadius: props.kind === 'line' ? 4 : undefined,
      spanGaps: true,
    })),
  }
  const download = () =>
    downloadText(
      props.fileName,
      toCsv(
        props.columns.map((c) => c.header),
        props.labels.map((_, i) => props.columns.map((c) => c.csv(i))),
      ),
    )
  return (
    <Card.Root data-testid={props.testId} borderWidth={props.plain ? '0' : undefined} bg={props.plain ? 'transparent' : undefined}>
      <Card.Body gap="4" p={props.plain ? '0' : undefined}>
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Heading as="h2" size="md">
            {props.title}
          </Heading>
          <Button size="xs" variant="outline" onClick={download} data-testid="chart-csv">
            {t('table.downloadCsv')}
          </Button>
        </HStack>
        <Box as="span" ref={probe} color="fg.muted" display="none" />
        {props.labels.length === 0 ? (
          <Text color="fg.muted">{t('table.noFigures')}</Text>
        ) : (
          <>
            {/* The drawing is for the eye; the table below says the same to a screen reader. */}
            <Box h={`${props.height ?? 260}px`} aria-hidden data-testid="chart-canvas">
              {props.kind === 'bar' ? (
                <Bar options={options as ChartOptions<'bar'>} data={data} />
              ) : (
                <Line options={options as ChartOptions<'line'>} data={data} />
              )}
            </Box>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" aria-label={props.title} data-testid="chart-table">
                <Table.Header>
                  <Table.Row>
                    {props.columns.map((c) => (
                      <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : undefined} whiteSpace="nowrap">
                        {c.header}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {props.labels.map((label, i) => (
                    <Table.Row key={label} data-testid="chart-row">
                      {props.columns.map((c) => (
                        <Table.Cell key={c.header} textAlign={c.numeric ? 'end' : undefined} whiteSpace="nowrap">
                          {c.render(i)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
