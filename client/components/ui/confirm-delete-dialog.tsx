import { Dialog, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formErrorOf } from './form-dialog'
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
  const { t } = useTranslation()
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
          action={props.blocked ? null : { label: props.deleteLabel, destructive: true, loading: busy, onClick: () => void submit() }}
        />
      }
    >
      <Stack gap="2">
        <Dialog.Description>{props.blocked ?? props.text}</Dialog.Description>
        {error ? <FormAlert message={error} fontSize="sm" /> : null}
      </Stack>
    </AppDialog>
  )
}
