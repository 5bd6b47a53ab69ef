import { Alert, type AlertRootProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

type NoticeProps = Omit<AlertRootProps, 'title' | 'status' | 'children'> & {
  status: 'error' | 'warning' | 'info' | 'success' | 'neutral'
  /** the headline; alone it is the whole note */
  title?: ReactNode
  /** the text; under the title when there is one */
  description?: ReactNode
  /** actions after the text (a retry, a link) */
  children?: ReactNode
  'data-testid'?: string
}

/**
 * A note in a screen's flow (a refusal, a warning, what happened): Chakra's alert with its icon, a title, a
 * description or both, and actions after them — not its parts written out again.
 */
export function Notice({ status, title, description, children, ...root }: NoticeProps) {
  return (
    <Alert.Root status={status} {...root}>
      <Alert.Indicator />
      {title !== undefined && description !== undefined ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      ) : title !== undefined ? (
        <Alert.Title>{title}</Alert.Title>
      ) : (
        <Alert.Description>{description}</Alert.Description>
      )}
      {children}
    </Alert.Root>
  )
}
