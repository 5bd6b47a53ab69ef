import { Grid } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'
import { useLook } from '../../lib/preferences'
import { useMediaQuery } from '../../lib/use-media-query'

/** A phone: below the medium breakpoint, where the seller's screens are one column. */
const PHONE_QUERY = '(max-width: 47.99rem)'

/** Whether a screen's primary actions dock at the bottom: field mode on a phone (docs/decisions/089). */
export function useThumbDock(): boolean {
  const { field } = useLook()
  const phone = useMediaQuery(PHONE_QUERY)
  return field && phone
}

/**
 * A screen's primary actions at the bottom edge of a phone, where a thumb reaches them one-handed (field mode, docs/decisions/089):
 * fixed above the home indicator, each at least 56 px high and sharing the row; the page keeps room below its end for
 * the dock, so nothing is hidden behind it (client/app/field-mode.css). Only drawn where `useThumbDock()` says so; elsewhere the screen shows the actions in place.
 */
export function ThumbDock({ children, testId }: { children: ReactNode; testId?: string }) {
  // The page keeps room for the dock while it is shown (client/app/field-mode.css).
  useEffect(() => {
    const root = document.documentElement
    root.dataset.thumbDock = ''
    return () => {
      delete root.dataset.thumbDock
    }
  }, [])
  return (
    <Grid
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="docked"
      bg="bg"
      borderTopWidth="2px"
      borderColor="fg"
      px="3"
      pt="3"
      pb="max(0.75rem, env(safe-area-inset-bottom))"
      gap="2"
      autoFlow="column"
      autoColumns="1fr"
      css={{ '& > .chakra-button': { minHeight: '3.5rem', height: 'auto', whiteSpace: 'normal', textAlign: 'center', fontSize: 'md' } }}
      data-testid={testId}
      data-thumb-dock=""
    >
      {children}
    </Grid>
  )
}
