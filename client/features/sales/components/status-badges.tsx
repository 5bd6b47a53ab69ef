import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { DeviationState } from '../../../../shared/schemas/deviations'

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
