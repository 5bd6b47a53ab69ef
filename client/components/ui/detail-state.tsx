import { Button, Skeleton } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Page, type Crumb } from './page'
import { ApiClientError } from '../../lib/api-client'
import { Notice } from '../../components/ui/notice'

/**
 * A detail screen while its record loads, or when it could not: a placeholder, "not found" (404), or the error
 * with a retry. Renders `children(data)` once the record is there.
 */
export function DetailState<T>({
  query,
  title,
  breadcrumbs,
  notFound,
  children,
}: {
  query: UseQueryResult<T>
  title: string
  breadcrumbs: Crumb[]
  notFound: string
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) {
    return (
      <Page title={title} breadcrumbs={breadcrumbs}>
        <Skeleton h="40" aria-busy />
      </Page>
    )
  }
  if (query.isError) {
    const missing = query.error instanceof ApiClientError && (query.error.status === 404 || query.error.status === 400)
    return (
      <Page title={title} breadcrumbs={breadcrumbs}>
        <Notice status={missing ? 'warning' : 'error'} description={missing ? notFound : (query.error as Error).message}>
          {missing ? null : (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('table.retry')}
            </Button>
          )}
        </Notice>
      </Page>
    )
  }
  return <>{children(query.data as T)}</>
}
