import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { SyncState } from '../../lib/offline-db'

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
