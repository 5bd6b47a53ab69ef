import { lazy } from 'react'

/** A screen that failed to load or render shows the 500 page (with the component library's theme around it). */
export const RouteError = lazy(() =>
  Promise.all([import('../features/errors/routes/server-error-page'), import('./styled-shell')]).then(([page, shell]) => ({
    default: () => (
      <shell.StyledRoot>
        <page.default />
      </shell.StyledRoot>
    ),
  })),
)
