import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ensureSalesMessages } from '../lib/i18n'
import { Outlet, useLocation } from 'react-router'
import type { Layout } from '../../shared/routes'
import { useCurrentRoute } from '../lib/use-current-route'
import { scrollForNavigation } from './scroll'

// Loaded after the first screen: the login page does not pay for them up front.
const NotificationPopup = lazy(() => import('../components/ui/notification-popup').then((m) => ({ default: m.NotificationPopup })))
const Snackbar = lazy(() => import('../components/ui/snackbar').then((m) => ({ default: m.Snackbar })))
const ConfirmDialog = lazy(() => import('../components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))
const UpdateBanner = lazy(() => Promise.all([import('./update-banner'), ensureSalesMessages()]).then(([m]) => ({ default: m.UpdateBanner })))
const ScrollToTop = lazy(() => import('../components/ui/scroll-to-top').then((m) => ({ default: m.ScrollToTop })))

const LAYOUTS: Record<Layout, ComponentType<{ children: ReactNode }>> = {
  blank: lazy(() => import('./layouts/blank-layout')),
  empty: lazy(() => import('./layouts/empty-layout')),
  default: lazy(() => import('./layouts/default-layout')),
  'fixed-height': lazy(() => import('./layouts/fixed-height-layout')),
}

export function Loading() {
  const { t } = useTranslation()
  return (
    <Center minH="50dvh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  )
}

/** Around every route: its layout, the document title, and the scroll behaviour of spec section 2. */
export function RootShell() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const route = useCurrentRoute()
  const Layout = LAYOUTS[route?.meta.layout ?? 'default']

  useEffect(() => {
    const title = route ? t(`routes.${route.name}`) : ''
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name')
  }, [route, t, i18n.language])

  useEffect(() => {
    scrollForNavigation(location.hash)
  }, [location.pathname, location.hash])

  return (
    <>
      <Suspense fallback={<Loading />}>
        <Layout>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Layout>
      </Suspense>
      <Suspense fallback={null}>
        <NotificationPopup />
        <Snackbar />
        <ScrollToTop />
        <ConfirmDialog />
        <UpdateBanner />
      </Suspense>
    </>
  )
}
