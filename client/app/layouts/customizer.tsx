import { CloseButton, Drawer, Portal, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { PreferencesForm } from '../../components/ui/preferences-form'

/** The customizer: every per-browser preference, applied live and kept in cookies. */
export function Customizer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <Drawer.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="customizer">
            <Drawer.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Drawer.Title>{t('customizer.title')}</Drawer.Title>
              <Text fontSize="sm" color="fg.muted">
                {t('customizer.subtitle')}
              </Text>
            </Drawer.Header>
            <Drawer.Body>
              <PreferencesForm />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
