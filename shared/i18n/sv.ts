import { mergeCatalogs } from './namespaces'
import { svCore } from './sv/core'
import { svSales } from './sv/sales'

/** The whole Swedish catalogue (every namespace merged), and its type. */
export const sv = mergeCatalogs(svCore, svSales)

export type Messages = typeof sv
