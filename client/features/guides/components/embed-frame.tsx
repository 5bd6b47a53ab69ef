import { Box, Card, chakra, Skeleton, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { EmbedKind, EmbedView } from '../../../../shared/schemas/guides'
import { LoadError } from '../../../components/ui/load-error'
import { useOnline } from '../../../lib/use-online'
import { useEmbedSession } from '../api/guides-queries'

/** What each kind of embed may do in its frame (docs/decisions/069): no more than it needs. */
const SANDBOX: Record<EmbedKind, string> = {
  dashboard: 'allow-scripts allow-same-origin allow-popups allow-downloads',
  video: 'allow-scripts allow-same-origin allow-presentation',
  form: 'allow-scripts allow-same-origin allow-forms allow-popups',
  page: 'allow-scripts allow-same-origin allow-popups',
}

/** A signed embed's address is asked for again a minute before its token runs out, while the page is open. */
const REFRESH_BEFORE_MS = 60_000

/**
 * An embed in its frame: a plain one at its address; a signed one at the address the server signs for this reader
 * (renewed before it expires). Offline it is a card that says it needs a connection, never an empty frame.
 */
export function EmbedFrame({ embed }: { embed: EmbedView }) {
  const { t } = useTranslation()
  const online = useOnline()
  const session = useEmbedSession(embed.id, online && embed.signed, REFRESH_BEFORE_MS)
  if (!online) {
    return (
      <Card.Root variant="subtle" data-testid="embed-offline">
        <Card.Body>
          <Text fontWeight="medium">{embed.name}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('guides.embeds.needsConnection')}
          </Text>
        </Card.Body>
      </Card.Root>
    )
  }
  const url = embed.signed ? session.data?.url : embed.url
  return (
    <Box data-testid="embed-frame">
      {embed.signed && session.isError ? (
        <LoadError error={session.error} onRetry={() => void session.refetch()} />
      ) : !url ? (
        <Skeleton h={`${embed.height}px`} maxH="70vh" rounded="md" />
      ) : (
        <chakra.iframe
          title={embed.name}
          src={url}
          w="full"
          h={`${embed.height}px`}
          maxH="80vh"
          borderWidth="1px"
          rounded="md"
          sandbox={SANDBOX[embed.kind]}
          loading="lazy"
          referrerPolicy="no-referrer"
          allow={embed.kind === 'video' ? 'fullscreen; picture-in-picture' : undefined}
        />
      )}
    </Box>
  )
}
