/**
 * The catalogs are split by area into i18next namespaces, one file per language and namespace
 * (`shared/i18n/<language>/<namespace>.ts`): `core` is what the app shell needs from its first paint (bundled in
 * Swedish); every other namespace is loaded with the screens that use it (client/lib/i18n.ts). Keys stay
 * unprefixed: a key not in `core` is looked up in the loaded area namespaces (i18next's fallbackNS). The server
 * and the tests use the namespaces merged into one catalog per language (./index.ts).
 */
export const NAMESPACES = [
  'core',
  'sales',
  'catalog',
  'customers',
  'orders',
  'pay',
  'time-reports',
  'quality',
  'budgets',
  'statistics',
  'finance',
  'game',
  'assistant',
  'org',
  'users',
  'terms',
  'activity',
  'notifications',
  'mail',
  'guides',
  'candidates',
  'scheduled-messages',
  'downloads',
  'devices',
  'field',
  'leads',
  'transcriptions',
  'offers',
  'displays',
  'feed',
] as const
export type Namespace = (typeof NAMESPACES)[number]
/** The namespaces an area's screens load; `core` is always there. */
export type AreaNamespace = Exclude<Namespace, 'core'>
export const AREA_NAMESPACES = NAMESPACES.filter((n): n is AreaNamespace => n !== 'core')

/** The shape of a Swedish namespace: English and Finnish `satisfies` it, so a missing or extra key is a type error. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

type Merged<A, B> = {
  [K in keyof A | keyof B]: K extends keyof B
    ? K extends keyof A
      ? A[K] extends object
        ? B[K] extends object
          ? Merged<A[K], B[K]>
          : B[K]
        : B[K]
      : B[K]
    : K extends keyof A
      ? A[K]
      : never
}

/** Catalogues merged left to right, as their types say. */
type MergedAll<T extends readonly object[]> = T extends readonly [infer A extends object, infer B extends object, ...infer R extends object[]]
  ? MergedAll<[Merged<A, B>, ...R]>
  : T extends readonly [infer A extends object]
    ? A
    : Record<string, never>

function mergeTwo(a: object, b: object): object {
  const out = { ...a } as Record<string, unknown>
  for (const [key, value] of Object.entries(b)) {
    const here = out[key]
    out[key] = here && typeof here === 'object' && value && typeof value === 'object' ? mergeTwo(here, value as object) : value
  }
  return out
}

/** Namespaces deep-merged into one catalog, left to right (they may share a parent key, e.g. `validation`). */
export function mergeCatalogs<T extends readonly object[]>(...catalogs: T): MergedAll<T> {
  return catalogs.reduce<object>((merged, next) => mergeTwo(merged, next), {}) as MergedAll<T>
}
