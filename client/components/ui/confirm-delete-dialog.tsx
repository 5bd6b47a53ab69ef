import { Dialog, Stack } from '@chakra-ui/react'
import { useAction } from './use-action'
import { FormAlert } from './form-alert'
import { AppDialog, DialogButtons } from './app-dialog'

/**
 * The question before an organisation entity is deleted (a region, an office, a team): what deleting does, or why
 * it cannot be done now (`blocked`, and then no delete button). The server's refusal, should it come, is shown.
 */
export function ConfirmDeleteDialog(props: {
  open: boolean
  title: string
  text: string
  blocked: string | null
  deleteLabel: string
  testId: string
  onDelete: () => Promise<void>
  onClose: () => void
}) {
  const removal = useAction(props.onDelete, { onDone: () => close() })
  const close = () => {
    removal.clear()
    props.onClose()
  }
  return (
    <AppDialog
      open={props.open}
      onClose={close}
      title={props.title}
      testId={props.testId}
      size="sm"
      alert
      noCloseButton
      footer={
        <DialogButtons
          onCancel={close}
          action={props.blocked ? null : { label: props.deleteLabel, destructive: true, loading: removal.busy, onClick: () => void removal.run() }}
        />
      }
    >
      <Stack gap="2">
        <Dialog.Description>{props.blocked ?? props.text}</Dialog.Description>
        {removal.error ? <FormAlert message={removal.error} fontSize="sm" /> : null}
      </Stack>
    </AppDialog>
  )
}
