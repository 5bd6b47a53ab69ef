import { Box, Skeleton, Text } from '@chakra-ui/react'

/** A labelled figure (a count, an amount); while `value` is undefined (still loading) a placeholder of its size. */
export function Figure({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height="7" width="20" my="0" aria-hidden="true" />
      ) : (
        <Text fontWeight="semibold" fontSize="lg" lineHeight="1.75rem" data-testid={testId}>
          {value}
        </Text>
      )}
    </Box>
  )
}
