import { Box, Button, Checkbox, Table } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { ChevronIcon } from '../icons'
import type { Column } from './column'

type SelectAll = { checked: boolean | 'indeterminate'; disabled: boolean; toggle: () => void }

/** The table's header row: the page's select-all box (with `selectAll`), and each column's header, sortable when it has a sort key. */
export function TableHead<Row>({
  columns,
  query,
  onSort,
  selectAll,
}: {
  columns: Column<Row>[]
  query: ListQuery
  onSort: (sortKey: string) => void
  selectAll?: SelectAll
}) {
  const { t } = useTranslation()
  return (
    <Table.Header>
      <Table.Row>
        {selectAll ? (
          <Table.ColumnHeader w="10">
            <Checkbox.Root
              checked={selectAll.checked}
              // Nothing to select until the page's rows are there (a tick then would select nothing).
              disabled={selectAll.disabled}
              onCheckedChange={selectAll.toggle}
              aria-label={t('table.selectAll')}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          </Table.ColumnHeader>
        ) : null}
        {columns.map((c) => {
          const sorted = c.sortKey && query.sortBy === c.sortKey
          return (
            <Table.ColumnHeader key={c.key} hideBelow={c.hideBelow} aria-sort={sorted ? (query.orderBy === 'asc' ? 'ascending' : 'descending') : undefined}>
              {c.sortKey ? (
                <Button variant="plain" size="sm" px="0" fontWeight="semibold" onClick={() => onSort(c.sortKey!)}>
                  {c.header}
                  {sorted ? (
                    <Box as="span" transform={query.orderBy === 'asc' ? 'rotate(-90deg)' : 'rotate(90deg)'}>
                      <ChevronIcon size={14} />
                    </Box>
                  ) : null}
                </Button>
              ) : (
                c.header
              )}
            </Table.ColumnHeader>
          )
        })}
      </Table.Row>
    </Table.Header>
  )
}
