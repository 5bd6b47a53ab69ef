import { Button, HStack, Input, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/**
 * A file field whose words are ours ("Välj fil" / "Ingen fil vald" in the user's language) instead of the
 * browser's, which follow the browser's language, not the app's. The native input stays in the page, visually
 * hidden but focusable and labelled by the field, so keyboard, screen reader and setInputFiles work as before;
 * the button is its label and shows the focus ring when the input has focus.
 */
export function FilePicker(props: {
  accept: string
  capture?: 'environment' | 'user'
  fileName: string | null
  onChange: (file: File | null) => void
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <HStack gap="3" minW="0">
      <Button
        asChild
        variant="outline"
        size="sm"
        flexShrink={0}
        cursor="pointer"
        _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      >
        <label>
          <Input
            type="file"
            srOnly
            accept={props.accept}
            capture={props.capture}
            data-testid={props.testId}
            onChange={(e) => props.onChange(e.target.files?.[0] ?? null)}
          />
          {props.fileName ? t('files.chooseAnother') : t('files.choose')}
        </label>
      </Button>
      <Text fontSize="sm" color={props.fileName ? 'fg' : 'fg.muted'} truncate data-testid={props.testId ? `${props.testId}-name` : undefined}>
        {props.fileName ?? t('files.none')}
      </Text>
    </HStack>
  )
}
