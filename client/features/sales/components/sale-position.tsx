import { Checkbox, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../shared/schemas/maps'
import { positionWithin, readPosition, setSellerPositions, usePositionPolicy } from '../../../lib/position'

/**
 * Where the sale is registered (docs/decisions/074): with the organisation's setting on and the seller's yes, one
 * reading starts when the form opens and is taken when it is saved (waited for a few seconds at most); never a watch.
 */
export function useSalePosition(enabled: boolean) {
  const policy = usePositionPolicy()
  const on = enabled && policy.organisation && policy.seller
  const reading = useRef<Promise<Position | null> | null>(null)
  useEffect(() => {
    reading.current = on ? readPosition() : null
  }, [on])
  return {
    offered: enabled && policy.organisation,
    on,
    /** the reading for the sale being saved, or null */
    take: async (): Promise<Position | null> => (on && reading.current ? positionWithin(reading.current, 3000) : null),
  }
}

/**
 * The seller's yes or no on this device, shown only when the organisation records positions: on the sale form and on
 * the doors card (a door knocked before the first sale of the day has its place too, issue 70). One answer for both.
 */
export function SalePositionChoice({ position, testId = 'sale-position' }: { position: { offered: boolean; on: boolean }; testId?: string }) {
  const { t } = useTranslation()
  if (!position.offered) return null
  return (
    <Checkbox.Root
      checked={position.on}
      onCheckedChange={(e) => {
        setSellerPositions(e.checked === true)
        // Asking once now lets the browser ask its own question while the seller is looking at this.
        if (e.checked === true) void readPosition(5000)
      }}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {t('sales.position.choice')}
        <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
          {t('sales.position.help')}
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  )
}
