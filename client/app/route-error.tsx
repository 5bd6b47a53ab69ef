import { lazy, useEffect } from 'react'
import { dismissHomeSnapshot } from '../lib/home-snapshot'

/** A screen that failed to load or render shows the 500 page (with the component library's theme around it). */
export const RouteError = lazy(() =>
  Promise.all([import('../features/errors/routes/server-error-page'), import('./styled-shell')]).then(([page, shell]) => ({
    default: function ServerError() {
      // The picture of the home shown at start gives way to the error (decision 092).
      useEffect(dismissHomeSnapshot, [])
      return (
        <shell.StyledRoot>
          <page.default />
        </shell.StyledRoot>
      )
    },
  })),
)
