import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createContext, useContext, type ReactElement, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { Namespace } from '../../shared/i18n/namespaces'
import { afterEach, vi } from 'vitest'
import { appSystem } from '../app/theme'
import { i18n, i18nReady, loadNamespaces } from '../lib/i18n'

// Each test starts from an empty page.
afterEach(cleanup)
// What a test waits for (`findBy…`, `waitFor`) may take a few seconds on a busy host: it is awaited, not timed.
configure({ asyncUtilTimeout: 10_000 })

// jsdom has no media queries: every one answers "no", as on the narrowest screen (the phone's layout).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList
// Nor scrolling: a part that brings itself into view (a form's error) does nothing here; a test may spy on it.
Element.prototype.scrollIntoView ??= () => undefined
// Nor layout: nothing is ever resized (a popup's positioning observes its anchor).
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const RenderedContext = createContext<ReactNode>(null)
function Rendered() {
  return useContext(RenderedContext)
}

/**
 * Renders a part of the app as a screen has it: the theme, the app's translations (Swedish, the default language,
 * as the user reads them; an area's `namespaces` loaded first), a query cache of its own and a router at `at`; with a
 * `user` who types and clicks as a person does.
 * For component tests (`// @vitest-environment jsdom` at the top of the file).
 */
export async function renderWithApp(ui: ReactElement, opts: { namespaces?: Namespace[]; at?: string } = {}) {
  await i18nReady
  await loadNamespaces(opts.namespaces ?? [])
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // A data router, as the app has (a screen may read navigation state); what is rendered (and rerendered) is its page.
  const router = createMemoryRouter([{ path: '*', element: <Rendered /> }], { initialEntries: [opts.at ?? '/'] })
  const Providers = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={appSystem()}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queries}>
          <RenderedContext.Provider value={children}>
            <RouterProvider router={router} />
          </RenderedContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>
  )
  const user = userEvent.setup()
  return { user, ...render(ui, { wrapper: Providers }) }
}

/**
 * Answers the app's API calls in a component test: `answer` gets each request's address (resolved against the page,
 * as a browser would) and gives the JSON body of a 200, or a whole Response. The calls made are returned.
 */
export function serveApi(answer: (url: URL, init: RequestInit | undefined) => unknown) {
  const calls: URL[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin)
    calls.push(url)
    const body = await answer(url, init)
    return body instanceof Response ? body : Response.json(body)
  })
  return calls
}
afterEach(() => void vi.unstubAllGlobals())
