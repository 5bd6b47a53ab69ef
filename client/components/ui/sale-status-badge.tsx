import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { SaleStatus } from '../../../shared/rules/sale'

const STATUS_COLOR: Record<SaleStatus, string> = {
  finalized: 'blue',
  approved: 'green',
  flagged: 'orange',
  unanswered: 'gray',
  regret: 'red',
  deviation: 'red',
  absence: 'purple',
}

/** A sale report's status as every screen shows it (the sales namespace's labels). */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation()
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle">
      {t(`sales.status.${status}`)}
    </Badge>
  )
}
