import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'
import { confirmStore } from '../../lib/confirm-store'

/** The confirmation dialog behind `confirm()`: Escape or a click outside means no. */
export function ConfirmDialog() {
  const request = useSyncExternalStore(confirmStore.subscribe, confirmStore.get)
  return (
    <Dialog.Root lazyMount unmountOnExit role="alertdialog" open={request !== null} onOpenChange={(e) => !e.open && confirmStore.answer(false)} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{request?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{request?.text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => confirmStore.answer(false)}>
                {request?.cancelLabel}
              </Button>
              <Button colorPalette={request?.destructive ? 'red' : 'brand'} onClick={() => confirmStore.answer(true)}>
                {request?.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
