import { Box, Button, Checkbox, Flex, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { Column } from './column'
import { TableHead } from './table-head'
import { TablePager } from './table-pager'
import { useDebouncedSearch } from './use-debounced-search'
import { Notice } from '../notice'

export type { Column } from './column'

export type DataTableProps<Row extends { id: string }> = {
  label: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  total: number
  /** the list counted up to a cap: there are more than `total` */
  totalCapped?: boolean
  /** a list that pages by key (server/db/keyset.ts): the answer's cursors; absent for lists paged by number */
  nextCursor?: string | null
  prevCursor?: string | null
  /** filters above the table (beside the search); folded behind a button on a phone */
  filters?: ReactNode
  /** how many filters are set, shown on the phone's filter button */
  activeFilters?: number
  query: ListQuery
  onQueryChange: (change: Partial<Record<keyof ListQuery, string | number | undefined>>, resetPage?: boolean) => void
  loading: boolean
  error: string | null
  onRetry: () => void
  selectable?: boolean
  selected?: Set<string>
  onSelectedChange?: (ids: Set<string>) => void
  onRowClick?: (row: Row) => void
  toolbar?: ReactNode
  /** what an empty list says (without a search); the shared "nothing here yet" otherwise */
  emptyText?: string
  onDownloadCsv?: () => void
  downloading?: boolean
}

/**
 * The shared table view: server-side pagination, sorting, a search kept in the URL (debounced),
 * row selection with select-all, loading, empty and error states, and a CSV download of the current filter.
 */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const { t } = useTranslation()
  const { query, onQueryChange, rows, total } = props
  const { search, setSearch, cancelPending } = useDebouncedSearch(query.q, onQueryChange)
  const openRow = (row: Row) => {
    cancelPending()
    props.onRowClick!(row)
  }
  // On a phone the filters take a screen of their own: folded until asked for.
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filtersId = useId()
  const pages = Math.max(1, Math.ceil(total / query.itemsPerPage))
  const selected = props.selected ?? new Set<string>()
  const pageIds = (rows ?? []).map((r) => r.id)
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const someOnPage = pageIds.some((id) => selected.has(id))

  const toggleSort = (sortKey: string) => {
    const desc = query.sortBy === sortKey && query.orderBy === 'asc'
    onQueryChange({ sortBy: sortKey, orderBy: desc ? 'desc' : 'asc' })
  }
  const setSelected = (ids: Set<string>) => props.onSelectedChange?.(ids)
  const toggleAll = () => {
    const next = new Set(selected)
    if (allOnPage) pageIds.forEach((id) => next.delete(id))
    else pageIds.forEach((id) => next.add(id))
    setSelected(next)
  }
  const toggleOne = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }

  const keyset = props.nextCursor !== undefined
  // A page reached backwards that turned out to be the first (rows came in before it) numbers from 1.
  const page = keyset && props.prevCursor === null ? 1 : query.page
  const shown = rows?.length ?? 0
  const first = shown === 0 ? 0 : (page - 1) * query.itemsPerPage + 1
  const last = keyset || props.totalCapped ? first + shown - Math.min(1, shown) : Math.min(total, page * query.itemsPerPage)
  const hasNext = keyset ? !!props.nextCursor : page < pages
  const goNext = () => (keyset ? onQueryChange({ page: page + 1, cursor: props.nextCursor ?? undefined }, false) : onQueryChange({ page: page + 1 }, false))
  // Back to page 1 is the plain first page; to another page, the cursor before this page's first row.
  const goPrevious = () =>
    onQueryChange({ page: page - 1 > 1 ? page - 1 : undefined, cursor: keyset && page - 1 > 1 ? (props.prevCursor ?? undefined) : undefined }, false)

  return (
    <Stack gap="4" data-testid="data-table">
      <Flex gap="3" wrap="wrap" align="center">
        <Input
          type="search"
          maxW={{ base: 'full', sm: 'xs' }}
          placeholder={t('table.search')}
          aria-label={t('table.searchIn', { list: props.label })}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Box flex="1" />
        {props.selectable && selected.size > 0 ? (
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t('table.selected', { count: selected.size })}
          </Text>
        ) : null}
        {props.onDownloadCsv ? (
          <Button variant="outline" size="sm" onClick={props.onDownloadCsv} loading={props.downloading}>
            {t('table.downloadCsv')}
          </Button>
        ) : null}
        {props.toolbar}
        {props.filters ? (
          <Button hideFrom="md" variant="outline" size="sm" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
            {props.activeFilters ? t('table.filtersActive', { count: props.activeFilters }) : t('table.filters')}
          </Button>
        ) : null}
      </Flex>
      {props.filters ? (
        <Box id={filtersId} display={{ base: filtersOpen ? 'block' : 'none', md: 'block' }}>
          {props.filters}
        </Box>
      ) : null}

      {props.error ? <LoadError message={props.error} onRetry={props.onRetry} /> : null}

      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
        <Table.Root size="sm" interactive={!!props.onRowClick} aria-label={props.label} aria-busy={props.loading}>
          <TableHead
            columns={props.columns}
            query={query}
            onSort={toggleSort}
            selectAll={
              props.selectable
                ? { checked: allOnPage ? true : someOnPage ? 'indeterminate' : false, disabled: pageIds.length === 0, toggle: toggleAll }
                : undefined
            }
          />
          <Table.Body>
            {props.loading && !rows
              ? Array.from({ length: Math.min(query.itemsPerPage, 5) }, (_, i) => (
                  <Table.Row key={`skeleton-${i}`}>
                    {props.selectable ? <Table.Cell /> : null}
                    {props.columns.map((c) => (
                      <Table.Cell key={c.key} hideBelow={c.hideBelow}>
                        <Skeleton h="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : (rows ?? []).map((row) => (
                  <Table.Row
                    key={row.id}
                    data-selected={selected.has(row.id) ? '' : undefined}
                    onClick={props.onRowClick ? () => openRow(row) : undefined}
                    cursor={props.onRowClick ? 'pointer' : undefined}
                  >
                    {props.selectable ? (
                      <Table.Cell onClick={(e) => e.stopPropagation()}>
                        <Checkbox.Root
                          checked={selected.has(row.id)}
                          onCheckedChange={() => toggleOne(row.id)}
                          aria-label={t('table.selectRow')}
                          colorPalette="brand"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                    ) : null}
                    {props.columns.map((c) => (
                      <Table.Cell key={c.key} hideBelow={c.hideBelow}>
                        {c.render(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
        {!props.loading && rows && rows.length === 0 ? (
          <Text p="6" textAlign="center" color="fg.muted" data-testid="table-empty">
            {query.q ? t('table.noMatches', { q: query.q }) : (props.emptyText ?? t('table.empty'))}
          </Text>
        ) : null}
      </Box>

      <TablePager
        query={query}
        onPageSize={(n) => onQueryChange({ itemsPerPage: n })}
        range={props.totalCapped ? t('table.rangeMore', { first, last, total }) : t('table.range', { first, last, total })}
        hasPrevious={page > 1}
        hasNext={hasNext}
        onPrevious={goPrevious}
        onNext={goNext}
      />
    </Stack>
  )
}

/** Why the list could not be loaded, and a retry. */
function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Notice status="error" title={t('table.loadFailed')} description={message}>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('table.retry')}
      </Button>
    </Notice>
  )
}
