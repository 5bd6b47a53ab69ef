import { COOKIE_PREFIX } from '../../shared/preferences'

const ONE_YEAR = 60 * 60 * 24 * 365

/** A preference cookie, its name prefixed with the app title (spec section 3). */
export function readCookie(name: string): string | undefined {
  const key = `${COOKIE_PREFIX}-${name}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(key)) return decodeURIComponent(part.slice(key.length))
  }
  return undefined
}

export function writeCookie(name: string, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${COOKIE_PREFIX}-${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`
}
