import { Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from './form-field'
import { FormDialog } from './form-dialog'
import { useAction } from './use-action'

/**
 * A step that needs a reason kept in the log (undoing an order's match, reopening an attested month): what the step
 * does, the reason (required, at most 500 characters) and the step's button. `onSave` gets the trimmed reason; a
 * failure stays in the dialog with the server's words.
 */
export function ReasonDialog(props: {
  title: string
  text: string
  reasonLabel: string
  submitLabel: string
  testId: string
  onSave: (reason: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const save = useAction(props.onSave, { onDone: props.onDone })
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={props.title}
      testId={props.testId}
      {...save.dialog}
      submitLabel={props.submitLabel}
      onSubmit={(e) => {
        e.preventDefault()
        if (!reason.trim()) save.fail(t('validation.required'))
        else void save.run(reason.trim())
      }}
    >
      <Text fontSize="sm">{props.text}</Text>
      <FormField label={props.reasonLabel} required>
        <Textarea value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} rows={3} />
      </FormField>
    </FormDialog>
  )
}
