import { lazy } from 'react'

/** A screen that failed to load or render shows the 500 page. */
export const RouteError = lazy(() => import('../features/errors/routes/server-error-page'))
