import { Button, Stack } from '@chakra-ui/react'

/**
 * A list row's edit and delete buttons (and any `extra` actions before them), named with the row ("Ändra: X") for
 * screen readers and tests, side by side on a wide screen and stacked on a phone. A button shows only when its action
 * is given.
 */
export function RowActions(props: {
  name: string
  editLabel: string
  deleteLabel: string
  onEdit?: () => void
  onDelete?: () => void
  extra?: Array<{ label: string; onClick: () => void }>
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="flex-end" align="flex-end" gap="1">
      {(props.extra ?? []).map((action) => (
        <Button key={action.label} size="xs" variant="outline" onClick={action.onClick} aria-label={`${action.label}: ${props.name}`}>
          {action.label}
        </Button>
      ))}
      {props.onEdit ? (
        <Button size="xs" variant="outline" onClick={props.onEdit} aria-label={`${props.editLabel}: ${props.name}`}>
          {props.editLabel}
        </Button>
      ) : null}
      {props.onDelete ? (
        <Button size="xs" variant="outline" colorPalette="red" onClick={props.onDelete} aria-label={`${props.deleteLabel}: ${props.name}`}>
          {props.deleteLabel}
        </Button>
      ) : null}
    </Stack>
  )
}
