import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { CATALOGS, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type LanguageCode } from '../../shared/i18n'
import { readCookie, writeCookie } from './cookies'

/** The language preference lives in the `language` cookie with the other per-browser preferences. */
function initialLanguage(): LanguageCode {
  const saved = readCookie('language')
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(CATALOGS).map(([lng, messages]) => [lng, { translation: messages }])),
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

function applyDocumentLanguage(lng: string) {
  const lang = LANGUAGES.find((l) => l.code === lng)
  document.documentElement.lang = lng
  document.documentElement.dir = lang?.rtl ? 'rtl' : 'ltr'
}

applyDocumentLanguage(i18n.language)
i18n.on('languageChanged', (lng) => {
  writeCookie('language', lng)
  applyDocumentLanguage(lng)
})

export function currentLanguage(): LanguageCode {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}
