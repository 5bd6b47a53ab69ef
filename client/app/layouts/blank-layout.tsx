import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** Login and error pages: nothing around the page. */
export default function BlankLayout({ children }: { children: ReactNode }) {
  return <Box minH="100dvh">{children}</Box>
}
