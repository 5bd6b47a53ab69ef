import type { ComponentType } from 'react'
import type { RouteName } from '../../shared/routes'

type ScreenModule = () => Promise<{ default: ComponentType }>

const planned: ScreenModule = () => import('../features/planned/routes/planned-screen')

/** The screen of each route, loaded on demand. A route without its own screen yet shows the planned screen. */
const SCREENS: Partial<Record<RouteName, ScreenModule>> = {
  login: () => import('../features/auth/routes/login-page'),
  'not-authorized': () => import('../features/errors/routes/not-authorized-page'),
  'not-found': () => import('../features/errors/routes/not-found-page'),
  start: () => import('./screens/start-page'),
  'user-admin-users': () => import('../features/user-admin/routes/users-page'),
  'users-profile': () => import('../features/profile/routes/profile-page'),
}

export function screenFor(name: RouteName): ScreenModule {
  return SCREENS[name] ?? planned
}
