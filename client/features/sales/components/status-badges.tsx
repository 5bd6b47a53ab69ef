import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { DeviationState } from '../../../../shared/schemas/deviations'
import type { SyncState } from '../../../lib/offline-db'

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

const DEVIATION_COLOR: Record<DeviationState, string> = { open: 'red', corrected: 'blue', resolved: 'green' }

/** Where a deviation stands (decision 024). */
export function DeviationStateBadge({ state }: { state: DeviationState }) {
  const { t } = useTranslation()
  return (
    <Badge colorPalette={DEVIATION_COLOR[state]} variant="subtle">
      {t(`deviations.states.${state}`)}
    </Badge>
  )
}
