import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type LanguageCode } from '../../shared/i18n/languages'
import { AREA_NAMESPACES, type Namespace } from '../../shared/i18n/namespaces'
import { svCore } from '../../shared/i18n/sv/core'
import { MESSAGE_FORMATS } from '../../shared/format'
import { readCookie, writeCookie } from './cookies'

/**
 * i18next with one namespace per area (shared/i18n/namespaces.ts). Swedish `core` is bundled; every other
 * catalog — an area's namespace, or any namespace in English or Finnish — is its own chunk, loaded with the
 * screens that use it, or when the language changes (for every namespace loaded so far). The choice lives in the
 * `language` cookie with the other per-browser preferences.
 */
const LOADERS: Record<LanguageCode, Record<Namespace, () => Promise<object>>> = {
  sv: {
    core: async () => svCore,
    sales: () => import('../../shared/i18n/sv/sales').then((m) => m.svSales),
    backoffice: () => import('../../shared/i18n/sv/backoffice').then((m) => m.svBackoffice),
    admin: () => import('../../shared/i18n/sv/admin').then((m) => m.svAdmin),
    catalog: () => import('../../shared/i18n/sv/catalog').then((m) => m.svCatalog),
    pay: () => import('../../shared/i18n/sv/pay').then((m) => m.svPay),
    accounts: () => import('../../shared/i18n/sv/accounts').then((m) => m.svAccounts),
    quality: () => import('../../shared/i18n/sv/quality').then((m) => m.svQuality),
    budgets: () => import('../../shared/i18n/sv/budgets').then((m) => m.svBudgets),
    dashboards: () => import('../../shared/i18n/sv/dashboards').then((m) => m.svDashboards),
    finance: () => import('../../shared/i18n/sv/finance').then((m) => m.svFinance),
    game: () => import('../../shared/i18n/sv/game').then((m) => m.svGame),
    assistant: () => import('../../shared/i18n/sv/assistant').then((m) => m.svAssistant),
  },
  en: {
    core: () => import('../../shared/i18n/en/core').then((m) => m.enCore),
    sales: () => import('../../shared/i18n/en/sales').then((m) => m.enSales),
    backoffice: () => import('../../shared/i18n/en/backoffice').then((m) => m.enBackoffice),
    admin: () => import('../../shared/i18n/en/admin').then((m) => m.enAdmin),
    catalog: () => import('../../shared/i18n/en/catalog').then((m) => m.enCatalog),
    pay: () => import('../../shared/i18n/en/pay').then((m) => m.enPay),
    accounts: () => import('../../shared/i18n/en/accounts').then((m) => m.enAccounts),
    quality: () => import('../../shared/i18n/en/quality').then((m) => m.enQuality),
    budgets: () => import('../../shared/i18n/en/budgets').then((m) => m.enBudgets),
    dashboards: () => import('../../shared/i18n/en/dashboards').then((m) => m.enDashboards),
    finance: () => import('../../shared/i18n/en/finance').then((m) => m.enFinance),
    game: () => import('../../shared/i18n/en/game').then((m) => m.enGame),
    assistant: () => import('../../shared/i18n/en/assistant').then((m) => m.enAssistant),
  },
  fi: {
    core: () => import('../../shared/i18n/fi/core').then((m) => m.fiCore),
    sales: () => import('../../shared/i18n/fi/sales').then((m) => m.fiSales),
    backoffice: () => import('../../shared/i18n/fi/backoffice').then((m) => m.fiBackoffice),
    admin: () => import('../../shared/i18n/fi/admin').then((m) => m.fiAdmin),
    catalog: () => import('../../shared/i18n/fi/catalog').then((m) => m.fiCatalog),
    pay: () => import('../../shared/i18n/fi/pay').then((m) => m.fiPay),
    accounts: () => import('../../shared/i18n/fi/accounts').then((m) => m.fiAccounts),
    quality: () => import('../../shared/i18n/fi/quality').then((m) => m.fiQuality),
    budgets: () => import('../../shared/i18n/fi/budgets').then((m) => m.fiBudgets),
    dashboards: () => import('../../shared/i18n/fi/dashboards').then((m) => m.fiDashboards),
    finance: () => import('../../shared/i18n/fi/finance').then((m) => m.fiFinance),
    game: () => import('../../shared/i18n/fi/game').then((m) => m.fiGame),
    assistant: () => import('../../shared/i18n/fi/assistant').then((m) => m.fiAssistant),
  },
}

function initialLanguage(): LanguageCode {
  const saved = readCookie('language')
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: { sv: { core: svCore } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: ['core'],
  defaultNS: 'core',
  // Keys are not prefixed: one missing from `core` is looked up in the area namespaces that are loaded.
  fallbackNS: [...AREA_NAMESPACES],
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

/** The namespaces screens have asked for so far: a language change loads each of them in the new language. */
const wanted = new Set<Namespace>(['core'])
const loading = new Map<string, Promise<void>>()

function ensureBundles(lng: LanguageCode, namespaces: Iterable<Namespace>): Promise<void> {
  return Promise.all(
    [...namespaces].map((ns) => {
      if (i18n.hasResourceBundle(lng, ns)) return undefined
      const key = `${lng}/${ns}`
      let pending = loading.get(key)
      if (!pending) {
        pending = LOADERS[lng][ns]().then((bundle) => {
          i18n.addResourceBundle(lng, ns, bundle, true, true)
        })
        // A failed load (offline, a new deployment) may be tried again by the next screen.
        pending.catch(() => loading.delete(key))
        loading.set(key, pending)
      }
      return pending
    }),
  ).then(() => undefined)
}

/** The language being shown, or being switched to: namespaces asked for meanwhile load in it. */
let target: LanguageCode = DEFAULT_LANGUAGE

/** Loads an area's namespaces in the language shown (before its screens render). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns)
  return ensureBundles(target, namespaces)
}

/** The seller screens' namespace: the app bar's sync status and the update banner need it too. */
export function ensureSalesMessages(): Promise<void> {
  return loadNamespaces(['sales'])
}

/** Switches the language once every namespace in use is here in it; remembers it in the cookie. */
export async function setLanguage(lng: LanguageCode) {
  const previous = target
  // Set first: a namespace asked for while this language loads is loaded in it too.
  target = lng
  try {
    await ensureBundles(lng, wanted)
  } catch (err) {
    target = previous
    throw err
  }
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
    await setLanguage(DEFAULT_LANGUAGE)
  }
})()

export function currentLanguage(): LanguageCode {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}
