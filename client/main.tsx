import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider } from 'react-router/dom'
import { loginRedirect } from '../shared/rules/guard'
import { system } from './app/theme'
import { router } from './app/router'
import { refreshSession } from './features/auth/api/auth-api'
import { setUnauthenticatedHandler } from './lib/api-client'
import { i18n } from './lib/i18n'
import './lib/preferences'
import { getUserData } from './lib/session'
import './app/styles.css'

// A 401 from the API means the session is gone: storage is cleared and the user signs in again.
setUnauthenticatedHandler(() => {
  const { pathname, search } = window.location
  if (pathname !== '/login') void router.navigate(loginRedirect(pathname, search), { replace: true })
})

// Permissions may have changed since the last visit: fetch them again in the background.
if (getUserData()) void refreshSession().catch(() => undefined)

// Online screens read through one query cache; a 401 is handled by the API client, other errors retry once.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: true } },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>
  </StrictMode>,
)
