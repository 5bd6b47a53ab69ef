import { Text, type TextProps } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A form's or a dialog's error, where the person is looking (issue 41): a save or an action that fails shows its
 * message at the top of the form, which in a long dialog, or on a phone, may be scrolled out of view. Each time the
 * message changes it is scrolled into view (as little as needed) and read out (role="alert").
 */
export function FormAlert({ message, children, ...props }: { message: string; children?: ReactNode } & Omit<TextProps, 'children'>) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' as ScrollBehavior })
  }, [message])
  return (
    <Text ref={ref} role="alert" color="fg.error" scrollMarginTop="4" {...props}>
      {message}
      {children ? ' ' : null}
      {children}
    </Text>
  )
}
