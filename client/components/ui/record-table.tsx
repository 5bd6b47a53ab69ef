import { Box, Button, HStack, Table } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { QueryState } from './load-error'

/**
 * A column of a record table: its header and its cell; `end` aligns figures, `hideBelow` leaves it out on a small
 * screen (put what matters under the first column's text there instead), `strong` sets the row's name in bold and
 * `mono` shows codes and patterns in a fixed-width font.
 */
export type RecordColumn<R> = {
  header: string
  cell: (row: R) => ReactNode
  end?: boolean
  hideBelow?: 'sm' | 'md' | 'lg'
  strong?: boolean
  mono?: boolean
}

export type RecordTableProps<R> = {
  label?: string
  rowKey: (row: R) => string
  columns: RecordColumn<R>[]
  /** each row's test id: one for all, or the row's own */
  rowTestId?: string | ((row: R) => string)
  testId?: string
  actions?: (row: R) => ReactNode
  /** the actions column's name for screen readers (it shows no header) */
  actionsLabel?: string
  /** a row opens its record: the rows light up under the pointer, and a click or Enter on a focused row calls this */
  onRowClick?: (row: R) => void
}

/**
 * The table of a list screen or a detail card: one row a record with its `rowTestId`, columns as given, and when
 * `actions` is given a last column with the row's buttons (`RowActions`, or a screen's own); `onRowClick` makes a
 * row open its record. It scrolls sideways on a phone; `bordered` frames it when it stands on the page rather than
 * in a card.
 */
export function RecordTable<R>(props: RecordTableProps<R> & { rows: readonly R[]; bordered?: boolean }) {
  const { columns, actions, onRowClick } = props
  return (
    <Table.ScrollArea borderWidth={props.bordered ? '1px' : undefined} rounded={props.bordered ? 'md' : undefined}>
      <Table.Root size="sm" aria-label={props.label} data-testid={props.testId} interactive={Boolean(onRowClick)}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.end ? 'end' : undefined} hideBelow={c.hideBelow}>
                {c.header}
              </Table.ColumnHeader>
            ))}
            {actions ? <Table.ColumnHeader>{props.actionsLabel ? <Box srOnly>{props.actionsLabel}</Box> : null}</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((r) => (
            <Table.Row
              key={props.rowKey(r)}
              data-testid={typeof props.rowTestId === 'function' ? props.rowTestId(r) : props.rowTestId}
              cursor={onRowClick ? 'pointer' : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick ? () => onRowClick(r) : undefined}
              onKeyDown={onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(r) : undefined}
            >
              {columns.map((c) => (
                <Table.Cell
                  key={c.header}
                  textAlign={c.end ? 'end' : undefined}
                  hideBelow={c.hideBelow}
                  fontWeight={c.strong ? 'medium' : undefined}
                  fontFamily={c.mono ? 'mono' : undefined}
                  fontSize={c.mono ? 'xs' : undefined}
                >
                  {c.cell(r)}
                </Table.Cell>
              ))}
              {actions ? <Table.Cell textAlign="end">{actions(r)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** A list screen's create button, at the right above the list; nothing when the reader may not create. */
export function CreateButton(props: { show: boolean; label: string; onClick: () => void; testId?: string }) {
  if (!props.show) return null
  return (
    <HStack justify="flex-end">
      <Button size="sm" colorPalette="brand" onClick={props.onClick} data-testid={props.testId}>
        {props.label}
      </Button>
    </HStack>
  )
}

/**
 * A list screen's whole table part: the load error with a retry, the placeholder while it loads, `empty` when the
 * answer has no items, and otherwise the framed `RecordTable` of its items.
 */
export function QueryTable<R>(props: RecordTableProps<R> & { query: UseQueryResult<{ items: R[] }>; empty: string; emptyTestId?: string }) {
  const { query, empty, emptyTestId, ...table } = props
  return (
    <QueryState query={query} empty={empty} emptyTestId={emptyTestId}>
      {(data) => <RecordTable bordered rows={data.items} {...table} />}
    </QueryState>
  )
}
