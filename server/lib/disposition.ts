import { create } from 'content-disposition'

/**
 * A Content-Disposition header as RFC 6266 defines it, with the name in RFC 8187's `filename*` (UTF-8, every character
 * outside `attr-char` percent-encoded — `'`, `(`, `)`, `*`, spaces and å/ä/ö too) and an ASCII `filename` beside it for
 * clients without `filename*`, written by the well-kept `content-disposition` package (jshttp). `encodeURIComponent`
 * alone leaves `'()*` as they are, which RFC 8187 does not allow: Chromium then saved such a file as "download".
 */
export function dispositionOf(type: 'inline' | 'attachment', name: string): string {
  return create(name.toWellFormed(), { type })
}
