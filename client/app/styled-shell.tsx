import { ChakraProvider } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import type { Layout } from '../../shared/routes'
import { Loading } from '../components/ui/loading'
import { ensureSalesMessages } from '../lib/i18n'
import { dismissHomeSnapshot } from '../lib/home-snapshot'
import { useIdle } from '../lib/idle'
import { useUserData } from '../lib/session'
import { preloadable } from '../lib/preloadable'
import { ImpersonationBanner } from './impersonation-banner'
import { shellSystem } from './theme'
// Chakra's reset, global CSS and tokens, made at build time (scripts/vite-chakra-global-css.ts).
import 'virtual:chakra-global.css'
import './field-mode.css'

// Not seen at first: they load once the first screen is up, so its work is not held up by them.
const NotificationPopup = lazy(() => import('../components/ui/notification-popup').then((m) => ({ default: m.NotificationPopup })))
const Snackbar = lazy(() => import('../components/ui/snackbar').then((m) => ({ default: m.Snackbar })))
const StepUpDialog = lazy(() => import('../features/auth/components/step-up-dialog').then((m) => ({ default: m.StepUpDialog })))
const ConfirmDialog = lazy(() => import('../components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))
const UpdateBanner = lazy(() => Promise.all([import('./update-banner'), ensureSalesMessages()]).then(([m]) => ({ default: m.UpdateBanner })))
const TermsGate = lazy(() => import('./terms-gate').then((m) => ({ default: m.TermsGate })))
const PasswordGate = lazy(() => import('./password-gate').then((m) => ({ default: m.PasswordGate })))
const ScrollToTop = lazy(() => import('../components/ui/scroll-to-top').then((m) => ({ default: m.ScrollToTop })))

// Loaded ahead by the navigation that first needs one (prepareShell in root-shell.tsx).
const LAYOUTS = {
  blank: preloadable(() => import('./layouts/blank-layout')),
  empty: preloadable(() => import('./layouts/empty-layout')),
  default: preloadable(() => import('./layouts/default-layout')),
  'fixed-height': preloadable(() => import('./layouts/fixed-height-layout')),
} satisfies Record<Layout, unknown>

export const preloadLayout = (layout: Layout) => LAYOUTS[layout].preload()

/** The component library's theme around anything drawn with it (every screen but the plain ones). */
export function StyledRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={shellSystem()}>{children}</ChakraProvider>
}

/**
 * Every screen drawn with the component library: the theme, the route's layout, and the shell's shared parts
 * (notification popup, snackbar, scroll-to-top, confirmation dialog, update banner). Once it has been used it
 * stays, also around a plain screen (the login after logging out shows the snackbar's "signed out").
 */
export default function StyledShell({ layout, plain }: { layout: Layout; plain: boolean }) {
  const Layout = LAYOUTS[layout]
  // Above every screen while an admin views the app as someone else. Part of the shell, not loaded on its own:
  // a screen never shows without it while its code is still on the way.
  const user = useUserData()
  const impersonating = !!user?.impersonatedBy
  // Terms of use waiting for an answer come before every screen (docs/decisions/039); the login page stays itself.
  const termsPending = !!user?.termsPending && !plain
  // A password someone else chose is replaced first (decision 082).
  const passwordPending = !!user?.passwordChangeRequired && !plain
  // A gate comes before the home: the picture of the home shown at start gives way to it (decision 092).
  useEffect(() => {
    if (passwordPending || termsPending) dismissHomeSnapshot()
  }, [passwordPending, termsPending])
  return (
    <StyledRoot>
      {impersonating ? <ImpersonationBanner /> : null}
      {passwordPending ? (
        <Suspense fallback={<Loading />}>
          <PasswordGate />
        </Suspense>
      ) : termsPending ? (
        <Suspense fallback={<Loading />}>
          <TermsGate />
        </Suspense>
      ) : plain ? (
        <Outlet />
      ) : (
        <Suspense fallback={<Loading />}>
          <Layout>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </Layout>
        </Suspense>
      )}
      <IdleParts />
    </StyledRoot>
  )
}

/**
 * The shell's parts nobody sees at first, mounted once the browser is idle after the first screen. A component of
 * its own, so that moment redraws only these and not the layout and the screen around them.
 */
function IdleParts() {
  const idle = useIdle()
  return idle ? (
    <Suspense fallback={null}>
      <NotificationPopup />
      <Snackbar />
      <ScrollToTop />
      <ConfirmDialog />
      <StepUpDialog />
      <UpdateBanner />
    </Suspense>
  ) : null
}
