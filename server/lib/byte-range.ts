/**
 * One `Range: bytes=…` header read against a file's size (RFC 9110): a single range is a part (a suffix `-500` is
 * the last 500 bytes; an end past the file is its end), none or several the whole file, one that starts past the
 * end unsatisfiable (416). Used by everything the app serves in parts: the basemap, a call's recording.
 *
 * `maxLength` bounds the part a request may ask for: a longer range is answered from its start with at most that
 * many bytes, a shorter 206 whose Content-Range says which (RFC 9110 §14.4: a client reads the range it got and asks
 * for the rest). So `bytes=0-` on a file of hundreds of megabytes is a few megabytes' work, not the file's.
 */
export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' }

export function byteRange(range: string | undefined, size: number, maxLength = Infinity): ByteRange {
  const one = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null
  if (!one || (one[1] === '' && one[2] === '')) return { kind: 'whole' }
  const [start, end] =
    one[1] === '' ? [Math.max(0, size - Number(one[2])), size - 1] : [Number(one[1]), one[2] === '' ? size - 1 : Math.min(Number(one[2]), size - 1)]
  if (start >= size || start > end) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end: Math.min(end, start + maxLength - 1) }
}
