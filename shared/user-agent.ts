/** A readable name for a device from its User-Agent: "Chrome · Android", "Safari · iOS". */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null
  const os = /Android/.test(ua)
    ? 'Android'
    : /(iPhone|iPad|iPod)/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null
  const parts = [browser, os].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}
