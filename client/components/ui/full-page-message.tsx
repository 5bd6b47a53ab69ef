import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from 'react-router'

/** The body of an error page in the blank layout (404, 401, 500). */
export function FullPageMessage(props: { code: string; title: string; text: string; actionLabel: string; actionTo: string }) {
  return (
    <Stack as="main" id="main" align="center" textAlign="center" gap="4" py={{ base: '16', md: '24' }} px="6" maxW="lg" mx="auto">
      <Text fontSize={{ base: '6xl', md: '7xl' }} fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden="true">
        {props.code}
      </Text>
      <Heading as="h1" size="2xl">
        {props.title}
      </Heading>
      <Text color="fg.muted">{props.text}</Text>
      <Box pt="2">
        <Button asChild colorPalette="brand">
          <Link to={props.actionTo}>{props.actionLabel}</Link>
        </Button>
      </Box>
    </Stack>
  )
}
