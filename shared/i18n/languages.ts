/** The three languages (spec section 9), without their catalogs, so the client can load a catalog only when it is used. */
export const LANGUAGES = [
  { code: 'sv', label: 'Svenska', rtl: false },
  { code: 'en', label: 'English', rtl: false },
  { code: 'fi', label: 'Suomi', rtl: false },
] as const
export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const DEFAULT_LANGUAGE: LanguageCode = 'sv'
export const FALLBACK_LANGUAGE: LanguageCode = 'en'

export function isLanguage(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value)
}

/** Picks the first supported language of an Accept-Language header; Swedish when none fits. */
export function pickLanguage(acceptLanguage: string | null | undefined): LanguageCode {
  if (!acceptLanguage) return DEFAULT_LANGUAGE
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { code: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((w) => w.code && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q)
  return (wanted.find((w) => isLanguage(w.code))?.code as LanguageCode | undefined) ?? DEFAULT_LANGUAGE
}
