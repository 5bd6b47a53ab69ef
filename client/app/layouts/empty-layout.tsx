import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { AppBar } from './app-bar'

/** The start page's layout: the app bar without navigation. */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh">
      <AppBar />
      <Box as="main" id="main">
        {children}
      </Box>
    </Box>
  )
}
