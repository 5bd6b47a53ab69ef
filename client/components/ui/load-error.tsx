import { Button, Skeleton, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Notice } from './notice'

/** What a part of a screen says when its data could not be read: the error, and a way to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Notice status="error" description={error.message}>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('table.retry')}
      </Button>
    </Notice>
  )
}

/**
 * A part of a screen that shows what a query read: the error with a retry, a placeholder while it loads, `empty`
 * in muted words when there is nothing (by default: the answer's `items` are none), otherwise `children(data)`.
 */
export function QueryState<T>({
  query,
  empty,
  isEmpty = (data) => (data as { items?: unknown[] }).items?.length === 0,
  skeleton = '40',
  emptyTestId,
  children,
}: {
  query: UseQueryResult<T>
  empty?: string
  isEmpty?: (data: T) => boolean
  skeleton?: string
  emptyTestId?: string
  children: (data: T) => ReactNode
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />
  if (query.data === undefined) return <Skeleton h={skeleton} aria-busy />
  if (empty !== undefined && isEmpty(query.data))
    return (
      <Text color="fg.muted" data-testid={emptyTestId}>
        {empty}
      </Text>
    )
  return <>{children(query.data)}</>
}
