import { Card, HStack, Text, type CardBodyProps, type CardRootProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * A titled part of a screen in a card: its title, what stands at the title's right (`end`: a button, a badge, a
 * count), a muted line under it (`subtitle`), and its content. The card's own props (`maxW`, `data-testid`, …) pass
 * through; `body` sets the content's (`p="0"` for a table that meets the card's edges); `level` the title's heading
 * (h3 by default: a part of a titled section; h2 for a part of the page itself).
 */
export function SectionCard(
  props: Omit<CardRootProps, 'title'> & { title: ReactNode; end?: ReactNode; subtitle?: ReactNode; body?: CardBodyProps; level?: 'h2' | 'h3' },
) {
  const { title, end, subtitle, body, level, children, ...card } = props
  return (
    <Card.Root {...card}>
      <Card.Header>
        {end ? (
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Card.Title as={level}>{title}</Card.Title>
            {end}
          </HStack>
        ) : (
          <Card.Title as={level}>{title}</Card.Title>
        )}
        {subtitle ? (
          <Text fontSize="sm" color="fg.muted">
            {subtitle}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body {...body}>{children}</Card.Body>
    </Card.Root>
  )
}
