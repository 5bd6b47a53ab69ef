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
const CATALOGS = import.meta.glob<Record<string, object>>(['../../shared/i18n/*/*.ts', '!../../shared/i18n/sv/core.ts', '!../../shared/i18n/**/*.test.ts'])

/** A catalog's loader: its file, `shared/i18n/<language>/<namespace>.ts`, whose one export is the catalog. */
function loaderOf(lng: LanguageCode, ns: Namespace): () => Promise<object> {
  if (lng === 'sv' && ns === 'core') return async () => svCore
  const load = CATALOGS[`../../shared/i18n/${lng}/${ns}.ts`]
  if (!load) throw new Error(`No catalog for ${lng}/${ns}`)
  return () => load().then((module) => Object.values(module)[0]!)
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
        pending = loaderOf(lng, ns)().then((bundle) => {
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
