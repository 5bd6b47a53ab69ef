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
