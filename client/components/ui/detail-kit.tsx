import { Button, DataList, Link as ChakraLink, HStack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { RecordTable, type RecordColumn, type RecordTableProps } from './record-table'
import { SectionCard } from './section-card'

/** A detail screen's action: shown only when the reader may take it (the server says so in the answer's `may`). */
export type DetailAction = { label: string; onClick: () => void; show: boolean; danger?: boolean; testId?: string }

/** A detail screen's actions under its title (edit, delete, …): nothing at all when the reader may take none. */
export function DetailActions(props: { actions: DetailAction[] }) {
  const shown = props.actions.filter((a) => a.show)
  if (shown.length === 0) return null
  return (
    <HStack gap="2" wrap="wrap">
      {shown.map((a) => (
        <Button key={a.label} size="sm" variant="outline" colorPalette={a.danger ? 'red' : undefined} onClick={a.onClick} data-testid={a.testId}>
          {a.label}
        </Button>
      ))}
    </HStack>
  )
}

/**
 * A label and its value in a detail card's list (a DataList's item): a value that is not there (null, undefined or an
 * empty text) reads as `empty`, a dash unless the screen says otherwise.
 */
export function fact(label: string, value: ReactNode, opts: { empty?: string; testId?: string } = {}) {
  return (
    <DataList.Item data-testid={opts.testId}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === null || value === undefined || value === '' ? (opts.empty ?? '–') : value}</DataList.ItemValue>
    </DataList.Item>
  )
}

/** A column of a child table (see `RecordColumn`). */
export type ChildColumn<R> = RecordColumn<R>

/**
 * The rows that belong to a detail screen's record (an office's teams, a region's offices, a team's members) in a
 * card: its title with the count (`count={false}` leaves it out), an optional line under it, a line when there are
 * none, and a small table that scrolls sideways on a phone (`RecordTable`: its row buttons, rows that open their
 * record). `cardTestId` names the card, `testId` the table.
 */
export function ChildTableCard<R>(
  props: RecordTableProps<R> & {
    title: string
    rows: readonly R[]
    empty: string
    count?: boolean
    subtitle?: ReactNode
    cardTestId?: string
  },
) {
  const { title, rows, empty, count, subtitle, cardTestId, ...table } = props
  return (
    <SectionCard title={count === false ? title : `${title} (${rows.length})`} subtitle={rows.length > 0 ? subtitle : null} data-testid={cardTestId}>
      {rows.length === 0 ? <Text color="fg.muted">{empty}</Text> : <RecordTable rows={rows} {...table} />}
    </SectionCard>
  )
}

/** A link to another record's screen inside a table or a line of text. */
export function RecordLink(props: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild>
      <Link to={props.to}>{props.children}</Link>
    </ChakraLink>
  )
}
