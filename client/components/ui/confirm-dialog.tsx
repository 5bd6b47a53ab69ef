import { Button, Text } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'
import { confirmStore } from '../../lib/confirm-store'
import { AppDialog } from './app-dialog'

/** The confirmation dialog behind `confirm()`: Escape or a click outside means no. */
export function ConfirmDialog() {
  const request = useSyncExternalStore(confirmStore.subscribe, confirmStore.get)
  return (
    <AppDialog
      open={request !== null}
      onClose={() => confirmStore.answer(false)}
      title={request?.title}
      testId="confirm-dialog"
      size="sm"
      sizeOnPhone
      alert
      noCloseButton
      footer={
        <>
          {request?.cancelLabel ? (
            <Button variant="outline" onClick={() => confirmStore.answer(false)}>
              {request.cancelLabel}
            </Button>
          ) : null}
          <Button colorPalette={request?.destructive ? 'red' : 'brand'} onClick={() => confirmStore.answer(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{request?.text}</Text>
    </AppDialog>
  )
}
