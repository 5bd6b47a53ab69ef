import { Link } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'

/** A figure that opens the rows behind it (the dashboards' links to sale reports, time reports and surveys). */
export function FigureLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="brand" variant="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  )
}

/** The address of the rows behind a figure: a screen's path with the filter it was counted by (empty values left out). */
export function figureHref(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v)
  return `${path}?${q.toString()}`
}
