/**
 * A read kept for a while and handed to everyone who asks for the same key meanwhile (the office screens' figures:
 * every screen of an office within seconds reads once). A read that fails is not kept; at `limit` keys the memory
 * starts afresh, so it never grows with the keys asked for.
 */
export function reused<K, V>(ms: number, limit = 1_000) {
  const kept = new Map<K, { at: number; value: Promise<V> }>()
  return (key: K, now: number, read: () => Promise<V>): Promise<V> => {
    const hit = kept.get(key)
    if (hit && now - hit.at < ms) return hit.value
    if (kept.size >= limit) kept.clear()
    const value = read()
    kept.set(key, { at: now, value })
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key)
    })
    return value
  }
}
