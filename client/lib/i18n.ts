import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type LanguageCode } from '../../shared/i18n/languages'
import { MESSAGE_FORMATS } from '../../shared/format'
import { svCore } from '../../shared/i18n/sv-core'
import { readCookie, writeCookie } from './cookies'

/**
 * i18next with Swedish bundled and English and Finnish loaded when chosen (each catalog is its own chunk).
 * The choice lives in the `language` cookie with the other per-browser preferences.
 */
const LOADERS: Record<Exclude<LanguageCode, 'sv'>, () => Promise<unknown>> = {
  en: () => import('../../shared/i18n/en').then((m) => m.en),
  fi: () => import('../../shared/i18n/fi').then((m) => m.fi),
}

function initialLanguage(): LanguageCode {
  const saved = readCookie('language')
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: { sv: { translation: svCore } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

// `{{param, day}}` and `{{param, month}}` in the catalogs format the same way here as on the server.
for (const [name, format] of Object.entries(MESSAGE_FORMATS)) {
  i18n.services.formatter?.add(name, (value: unknown, lng: string | undefined) => format(value, isLanguage(lng) ? lng : DEFAULT_LANGUAGE))
}

function applyDocumentLanguage(lng: string) {
  const lang = LANGUAGES.find((l) => l.code === lng)
  document.documentElement.lang = lng
  document.documentElement.dir = lang?.rtl ? 'rtl' : 'ltr'
}

async function ensureCatalog(lng: LanguageCode) {
  if (lng === 'sv' || i18n.hasResourceBundle(lng, 'translation')) return
  i18n.addResourceBundle(lng, 'translation', await LOADERS[lng]())
}

let salesMessages: Promise<void> | null = null

/**
 * The seller screens' Swedish messages (shared/i18n/sv-sales.ts) are not in the entry bundle: they are
 * added before a signed-in screen renders. English and Finnish catalogs are whole.
 */
export function ensureSalesMessages(): Promise<void> {
  salesMessages ??= import('../../shared/i18n/sv-sales').then((m) => {
    i18n.addResourceBundle('sv', 'translation', m.svSales, true, true)
  })
  return salesMessages
}

/** Switches the language once its catalog is here; remembers it in the cookie. */
export async function setLanguage(lng: LanguageCode) {
  await ensureCatalog(lng)
  await i18n.changeLanguage(lng)
}

i18n.on('languageChanged', (lng) => {
  writeCookie('language', lng)
  applyDocumentLanguage(lng)
})

/** Resolves when the saved language's catalog is loaded (render after it: no flash of Swedish). */
export const i18nReady: Promise<void> = (async () => {
  const lng = initialLanguage()
  try {
    await setLanguage(lng)
  } catch {
    await i18n.changeLanguage(DEFAULT_LANGUAGE)
  }
})()

export function currentLanguage(): LanguageCode {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}
