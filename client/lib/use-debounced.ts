import { useEffect, useMemo, useState } from 'react'

/**
 * A value as it was `ms` after it last changed (compared by its JSON, so an object made anew each render with the
 * same content is no change): what a preview asks the server for while someone is still typing or choosing. Once
 * it has settled it is the value itself, so `debounced === value` tells a caller the answer it shows is current.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value)
  const [settled, setSettled] = useState(key)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  const earlier = useMemo(() => JSON.parse(settled) as T, [settled])
  return key === settled ? value : earlier
}
