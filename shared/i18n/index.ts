import { en } from './en'
import { fi } from './fi'
import { sv, type Messages } from './sv'

export const LANGUAGES = [
  { code: 'sv', label: 'Svenska', rtl: false },
  { code: 'en', label: 'English', rtl: false },
  { code: 'fi', label: 'Suomi', rtl: false },
] as const
export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const DEFAULT_LANGUAGE: LanguageCode = 'sv'
export const FALLBACK_LANGUAGE: LanguageCode = 'en'

export const CATALOGS: Record<LanguageCode, Messages> = { sv, en, fi }

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
  return wanted.find((w) => isLanguage(w.code))?.code as LanguageCode | undefined ?? DEFAULT_LANGUAGE
}

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * A small translator for the server and tests (same catalogs and {{param}} syntax as i18next),
 * falling back to English, then to the key.
 */
export function translator(language: LanguageCode) {
  return (key: string, params?: Record<string, unknown>): string => {
    const template = lookup(CATALOGS[language], key) ?? lookup(CATALOGS[FALLBACK_LANGUAGE], key) ?? key
    if (!params) return template
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
  }
}
