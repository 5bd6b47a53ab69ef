import { Alert, Button } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/** What a part of a screen says when its data could not be read: the error, and a way to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Description>{error.message}</Alert.Description>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('table.retry')}
      </Button>
    </Alert.Root>
  )
}
