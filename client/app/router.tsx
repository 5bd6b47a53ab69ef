// First: zod's setting must hold before any schema parses (the router brings the screens and their schemas).
import '../lib/zod-config'
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import type { ActionOrManage, SubjectOrAll } from '../../shared/permissions/catalogue'
import { RouterProvider } from 'react-router/dom'
import { ROUTES, pathFor, routeNamespaces, type AppRoute, type RouteMeta } from '../../shared/routes'
import { decideNavigation } from '../../shared/rules/guard'
import { loadNamespaces } from '../lib/i18n'
import { ability, getUserData } from '../lib/session'
import { Loading } from '../components/ui/loading'
import { prepareShell, RootShell } from './root-shell'
import { RouteError } from './route-error'
import { homeRoute } from './navigation'
import { screenFor } from './screens'

/** The guard of spec section 2, run before every navigation (a loader runs before its route renders). */
function guard(route: AppRoute) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    const userData = getUserData()
    const can = (action: ActionOrManage, subject: SubjectOrAll) => ability.can(action, subject)
    const home = route.name === 'index' && userData ? homeRoute(userData.role, can) : null
    const decision = decideNavigation({
      route,
      pathname: url.pathname,
      search: url.search,
      userData,
      home: home ? pathFor(home) : null,
      can,
    })
    if (decision.type === 'redirect') throw redirect(decision.to)
    return null
  }
}

const children: RouteObject[] = ROUTES.map((route) => ({
  path: route.path,
  handle: { route },
  loader: guard(route),
  ...(route.name === 'index'
    ? { element: null }
    : {
        lazy: async () => {
          // The screen's translation namespaces (routeNamespaces: the signed-in layout's always include the seller
          // messages for the sync status), the shell and the layout a styled screen sits in load with it, so it is
          // drawn whole when the navigation ends.
          const meta = route.meta as RouteMeta
          const [module] = await Promise.all([
            screenFor(route.name)(),
            loadNamespaces(routeNamespaces(meta)),
            meta.plain ? undefined : prepareShell(meta.layout ?? 'default'),
          ])
          return { Component: module.default }
        },
      }),
}))

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children,
  },
])

/** The app drawn by the router (client/main.tsx mounts it). */
export function AppRouter() {
  return <RouterProvider router={router} />
}
