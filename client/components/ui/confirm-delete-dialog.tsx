import { Button, Dialog, Portal, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDialogSize } from './dialog-size'
import { formErrorOf } from './form-dialog'
import { FormAlert } from './form-alert'

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
  const { t } = useTranslation()
  const size = useDialogSize('sm')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setError(null)
    props.onClose()
  }
  const submit = async () => {
    setBusy(true)
    setError(null)
    try {
      await props.onDelete()
      close()
    } catch (err) {
      setError(formErrorOf(err, t).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root lazyMount unmountOnExit role="alertdialog" open={props.open} onOpenChange={(e) => !e.open && close()} size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Dialog.Description>{props.blocked ?? props.text}</Dialog.Description>
                {error ? <FormAlert message={error} fontSize="sm" /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {t('table.cancel')}
              </Button>
              {props.blocked ? null : (
                <Button colorPalette="red" loading={busy} onClick={() => void submit()}>
                  {props.deleteLabel}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
