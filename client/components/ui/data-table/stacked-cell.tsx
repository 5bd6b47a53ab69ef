import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * A list's first cell: its value and, under it on screens narrower than `hideFrom`, what the columns hidden there
 * would have said (the list's convention on a phone).
 */
export function StackedCell({
  main,
  under,
  hideFrom = 'md',
  strong = true,
}: {
  main: ReactNode
  under: ReactNode
  hideFrom?: 'sm' | 'md' | 'lg'
  strong?: boolean
}) {
  return (
    <>
      <Text fontWeight={strong ? 'medium' : undefined}>{main}</Text>
      <Text fontSize="xs" color="fg.muted" hideFrom={hideFrom}>
        {under}
      </Text>
    </>
  )
}
