import { MESSAGE_FORMATS } from '../format'
import { en } from './en'
import { fi } from './fi'
import { FALLBACK_LANGUAGE, type LanguageCode } from './languages'
import { sv, type Messages } from './sv'

export { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, isLanguage, pickLanguage, type LanguageCode } from './languages'

export const CATALOGS: Record<LanguageCode, Messages> = { sv, en, fi }

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * A small translator for the server and tests (same catalogs and {{param}} / {{param, format}} syntax as
 * i18next, with the formats of shared/format.ts), falling back to English, then to the key.
 */
export function translator(language: LanguageCode) {
  const plurals = new Intl.PluralRules(language)
  /** A key's text, or with a numeric `count` its plural form (`key_one`, `key_other`), as i18next picks them. */
  const textOf = (catalog: unknown, key: string, params?: Record<string, unknown>) => {
    const count = params?.count
    if (typeof count === 'number') {
      const plural = lookup(catalog, `${key}_${plurals.select(count)}`) ?? lookup(catalog, `${key}_other`)
      if (plural !== undefined) return plural
    }
    return lookup(catalog, key)
  }
  return (key: string, params?: Record<string, unknown>): string => {
    const template = textOf(CATALOGS[language], key, params) ?? textOf(CATALOGS[FALLBACK_LANGUAGE], key, params) ?? key
    if (!params) return template
    return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : undefined
      if (format && Object.hasOwn(MESSAGE_FORMATS, format)) return MESSAGE_FORMATS[format]!(value, language)
      return String(value ?? '')
    })
  }
}

export type Translator = ReturnType<typeof translator>

/** One translator per language, made once: what the server hands each request and each recipient's alert. */
export const TRANSLATORS: Record<LanguageCode, Translator> = { sv: translator('sv'), en: translator('en'), fi: translator('fi') }
