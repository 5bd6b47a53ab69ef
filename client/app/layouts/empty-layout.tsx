import { Box } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '../../lib/query-client'
import type { ReactNode } from 'react'
import { AppBar } from './app-bar'

/** The start page's layout: the app bar without navigation. */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Box minH="100dvh">
        <AppBar />
        <Box as="main" id="main">
          {children}
        </Box>
      </Box>
    </QueryClientProvider>
  )
}
