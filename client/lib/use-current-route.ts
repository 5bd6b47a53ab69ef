import { useMatches } from 'react-router'
import type { AppRoute } from '../../shared/routes'

/** The route table entries of the routes matched now (the router keeps each in its handle), outermost first. */
export function useMatchedRoutes(): AppRoute[] {
  return useMatches()
    .map((m) => (m.handle as { route?: AppRoute } | undefined)?.route)
    .filter((r): r is AppRoute => r !== undefined)
}

/** The route table entry of the screen shown now. */
export function useCurrentRoute(): AppRoute | undefined {
  return useMatchedRoutes().at(-1)
}
