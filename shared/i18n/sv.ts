import { svCore } from './sv-core'
import { svSales } from './sv-sales'

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

function merge<A extends object, B extends object>(a: A, b: B): Merged<A, B> {
  const out = { ...a } as Record<string, unknown>
  for (const [key, value] of Object.entries(b)) {
    const here = out[key]
    out[key] = here && typeof here === 'object' && value && typeof value === 'object' ? merge(here, value as object) : value
  }
  return out as Merged<A, B>
}

/**
 * The whole Swedish catalogue, and the type: English and Finnish `satisfies` it, so a missing key is a
 * type error. The client bundles only sv-core.ts at first and adds sv-sales.ts with the seller screens.
 */
export const sv = merge(svCore, svSales)

export type Messages = typeof sv
