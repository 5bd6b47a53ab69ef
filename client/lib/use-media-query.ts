import { useCallback, useSyncExternalStore } from 'react'

/** Whether a media query matches now, following it live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}

/** The overlay-nav breakpoint: the medium breakpoint (48rem) plus 16 px (spec section 9). */
export const OVERLAY_BREAKPOINT_QUERY = '(min-width: 49rem)'
