import { Flex, IconButton, NativeSelect, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES, type ListQuery } from '../../../../shared/schemas/pagination'
import { ChevronIcon } from '../icons'

type PagerProps = {
  query: ListQuery
  onPageSize: (n: number) => void
  /** "1–25 of 310" as the list counts it */
  range: string
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
}

/** Under the table: rows per page, the range shown, and the previous and next page. */
export function TablePager({ query, onPageSize, range, hasPrevious, hasNext, onPrevious, onNext }: PagerProps) {
  const { t } = useTranslation()
  return (
    <Flex gap="3" align="center" wrap="wrap" justify="space-between">
      <Flex gap="2" align="center">
        <Text as="span" fontSize="sm" color="fg.muted" id="page-size-label">
          {t('table.perPage')}
        </Text>
        <NativeSelect.Root size="sm" w="20">
          <NativeSelect.Field aria-labelledby="page-size-label" value={query.itemsPerPage} onChange={(e) => onPageSize(Number(e.currentTarget.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Flex gap="2" align="center">
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="table-range">
          {range}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={t('table.previous')} disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronIcon style={{ transform: 'rotate(180deg)' }} />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={t('table.next')} disabled={!hasNext} onClick={onNext}>
          <ChevronIcon />
        </IconButton>
      </Flex>
    </Flex>
  )
}
