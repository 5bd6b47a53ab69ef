import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The frame of a screen inside a layout: its title (the document title follows the route) and content. */
export function Page({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl" lineHeight="short">
          {title}
        </Heading>
        {subtitle ? (
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {children}
    </Stack>
  )
}
