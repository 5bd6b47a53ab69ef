import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { GamePurchaseStatus } from '../../../../shared/schemas/game'

/** A variant as the shop names it: its size and colour ("M · Svart"), or empty for a reward without either. */
export const variantLabel = (v: { size: string | null; colour: string | null }) => [v.size, v.colour].filter(Boolean).join(' · ')

const PALETTE: Record<GamePurchaseStatus, string> = { requested: 'orange', approved: 'green', rejected: 'red', cancelled: 'gray' }

/** A purchase's state as a badge. */
export function PurchaseStatus({ status }: { status: GamePurchaseStatus }) {
  const { t } = useTranslation()
  return (
    <Badge colorPalette={PALETTE[status]} data-testid="purchase-status">
      {t(`game.shop.statuses.${status}`)}
    </Badge>
  )
}
