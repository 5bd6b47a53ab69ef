import { useEffect, useRef, useState } from 'react'

/**
 * A list's search box: it follows the URL (back button, shared link) and writes to it 300 ms after typing stops.
 * `cancelPending` drops a search still waiting to be written — a row opened meanwhile wins, or the waiting search
 * would replace the row's screen with the list again (the list stays drawn while the row's screen loads).
 */
export function useDebouncedSearch(q: string | undefined, onQueryChange: (change: { q: string | undefined }) => void) {
  const [search, setSearch] = useState(q ?? '')
  const [urlSearch, setUrlSearch] = useState(q)
  if (urlSearch !== q) {
    setUrlSearch(q)
    setSearch(q ?? '')
  }
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => {
    if ((q ?? '') === search) return
    const timer = setTimeout(() => onQueryChange({ q: search || undefined }), 300)
    searchTimer.current = timer
    return () => clearTimeout(timer)
  }, [search, q, onQueryChange])
  const cancelPending = () => {
    if (searchTimer.current) clearTimeout(searchTimer.current)
  }
  return { search, setSearch, cancelPending }
}
