import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError } from '../../../components/ui/load-error'

type Editable = { id: string; version: number }

/**
 * A game admin tab of cards (badges, rewards, competitions): the "new" button, the cards (a read that fails again
 * keeps the cards it had), and the editor dialog for a new item or the one whose Edit was pressed. `dialog` gets
 * the item (none for a new one), a close, and a reload for when someone else saved it first.
 */
export function AdminCards<T extends Editable>(props: {
  query: UseQueryResult<{ items: T[] }>
  newLabel: string
  newTestId: string
  empty: string
  card: (item: T, edit: () => void) => ReactNode
  dialog: (props: { item?: T; onClose: () => void; onReload: () => void }) => ReactNode
}) {
  const { query } = props
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const items = query.data?.items
  return (
    <Stack gap="4" pt="2">
      <Button alignSelf="start" colorPalette="brand" onClick={() => setEditing('new')} data-testid={props.newTestId}>
        {props.newLabel}
      </Button>
      {query.isError && !items ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !items ? (
        <Skeleton h="40" aria-busy />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{props.empty}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
          {items.map((item) => props.card(item, () => setEditing(item)))}
        </SimpleGrid>
      )}
      {/* Keyed by the item and its version: an editor opened again starts from what was saved. */}
      {editing ? (
        <Fragment key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}>
          {props.dialog({
            item: editing === 'new' ? undefined : editing,
            onClose: () => setEditing(null),
            onReload: () => {
              setEditing(null)
              void query.refetch()
            },
          })}
        </Fragment>
      ) : null}
    </Stack>
  )
}

/** A card's Edit button. */
export function EditFooter({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation()
  return (
    <Card.Footer>
      <Button size="sm" variant="outline" onClick={onEdit}>
        {t('game.admin.edit')}
      </Button>
    </Card.Footer>
  )
}
