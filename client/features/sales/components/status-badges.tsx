import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { SaleStatus } from '../../../../shared/schemas/sales'
import type { SyncState } from '../../../lib/offline-db'

const STATUS_COLOR: Record<SaleStatus, string> = {
  finalized: 'blue',
  approved: 'green',
  flagged: 'orange',
  unanswered: 'gray',
  regret: 'red',
  deviation: 'red',
  absence: 'purple',
}

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation()
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle">
      {t(`sales.status.${status}`)}
    </Badge>
  )
}

/** Whether the record has reached the server: nothing shown once it has. */
export function SyncBadge({ sync }: { sync: SyncState }) {
  const { t } = useTranslation()
  if (sync === 'synced') return null
  return (
    <Badge colorPalette={sync === 'rejected' ? 'red' : 'yellow'} variant="solid" data-sync={sync}>
      {t(`syncStatus.record.${sync}`)}
    </Badge>
  )
}
