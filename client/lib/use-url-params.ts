import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigation, useSearchParams, type NavigateOptions } from 'react-router'

/** The search a screen asked the router for last, on which path, until the router has drawn it. */
let requested: { path: string; search: URLSearchParams } | null = null

type Next = URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams)

/**
 * A screen's state kept in its URL (a tab, a filter, a period), with changes that build on each other.
 *
 * The router's own functional update starts from the search params of the last render, and a navigation is drawn
 * only after its route's loaders (and in a transition): a second change in that time — a scope tapped and then a
 * period, a sort after a page size, two list states on one screen — would start from the old URL and lose the
 * first. So the URL asked for last is kept for the whole page, shared by every user of this hook on it, until the
 * router draws it or the path changes; a change starts from it.
 *
 * A change that comes while the screen is being left (a link was followed: the way there is loading, or the address
 * already has the next path while this screen is still drawn) is dropped: a map settling after its last move must not
 * cancel the way to the next screen, nor carry this screen's search onto it.
 */
export function useUrlParams(): [URLSearchParams, (next: Next, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigation = useNavigation()
  const leaving = useRef(false)
  useEffect(() => {
    leaving.current = navigation.location !== undefined && navigation.location.pathname !== location.pathname
  }, [navigation.location, location.pathname])
  useEffect(() => {
    if (requested && (requested.path !== location.pathname || requested.search.toString() === params.toString())) requested = null
  }, [params, location.pathname])

  const update = useCallback(
    (next: Next, options?: NavigateOptions) => {
      if (leaving.current || window.location.pathname !== location.pathname) return
      const current = new URLSearchParams(requested?.path === location.pathname ? requested.search : params)
      const search = typeof next === 'function' ? next(current) : new URLSearchParams(next)
      requested = { path: location.pathname, search }
      setParams(search, options)
    },
    [params, setParams, location.pathname],
  )
  return [params, update]
}

/** The address with `changes` made: a value set, an empty one (undefined or '') taken away; the rest as it was. */
export function withParams(current: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value)
    else next.delete(name)
  }
  return next
}
