import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDialogSize, type DialogSize } from './dialog-size'

/**
 * The dialog every screen opens (the form dialog, the confirmations, a result, an import): the whole screen on a
 * phone and `size` from the sm breakpoint up, a title, the body, an optional footer and the close button; mounted
 * only while open, so a dialog opened again starts afresh. With `onSubmit` the header, body and footer are one
 * form (Enter submits it).
 */
export function AppDialog(props: {
  open: boolean
  onClose: () => void
  title: ReactNode
  testId?: string
  size?: DialogSize
  /** A question that needs an answer (a confirmation): read out as an alert dialog. */
  alert?: boolean
  /** A long body scrolls inside the dialog, the title and footer staying in view. */
  scroll?: boolean
  placement?: 'top' | 'center'
  /** `size` on a phone too, instead of the whole screen (a short question). */
  sizeOnPhone?: boolean
  /** Without the close button in the corner (a confirmation's buttons are its way out). */
  noCloseButton?: boolean
  onSubmit?: FormEventHandler<HTMLFormElement>
  footer?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const responsive = useDialogSize(props.size ?? 'md')
  const size = props.sizeOnPhone ? (props.size ?? 'md') : responsive
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{props.children}</Dialog.Body>
      {props.footer ? <Dialog.Footer>{props.footer}</Dialog.Footer> : null}
    </>
  )
  return (
    <Dialog.Root
      lazyMount
      unmountOnExit
      role={props.alert ? 'alertdialog' : undefined}
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      size={size}
      scrollBehavior={props.scroll ? 'inside' : undefined}
      placement={props.placement}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            {props.onSubmit ? (
              <form onSubmit={props.onSubmit} noValidate>
                {parts}
              </form>
            ) : (
              parts
            )}
            {props.noCloseButton ? null : (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('app.close')} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/**
 * A dialog's footer buttons: cancel (or `cancelLabel`) and, unless left out, the one action — a submit button of the
 * dialog's form when it has no `onClick`, red when `destructive`.
 */
export function DialogButtons(props: {
  onCancel: () => void
  cancelLabel?: string
  action?: {
    label: ReactNode
    onClick?: () => void
    loading?: boolean
    loadingText?: string
    disabled?: boolean
    destructive?: boolean
    testId?: string
  } | null
}) {
  const { t } = useTranslation()
  const a = props.action
  return (
    <>
      <Button variant="outline" onClick={props.onCancel}>
        {props.cancelLabel ?? t('table.cancel')}
      </Button>
      {a ? (
        <Button
          type={a.onClick ? 'button' : 'submit'}
          colorPalette={a.destructive ? 'red' : 'brand'}
          loading={a.loading}
          loadingText={a.loadingText}
          disabled={a.disabled}
          onClick={a.onClick}
          data-testid={a.testId}
        >
          {a.label}
        </Button>
      ) : null}
    </>
  )
}
