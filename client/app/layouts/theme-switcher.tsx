import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { THEMES, type Theme } from '../../../shared/preferences'
import { MoonIcon, SunIcon } from '../../components/ui/icons'
import { setPreferences, useColorScheme, usePreferences } from '../../lib/preferences'

/** The navbar's theme switcher: light, dark or system (following the OS). */
export function ThemeSwitcher() {
  const { t } = useTranslation()
  const prefs = usePreferences()
  const scheme = useColorScheme()
  return (
    <Menu.Root lazyMount unmountOnExit onSelect={(d) => setPreferences({ theme: d.value as Theme })} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" aria-label={t('customizer.theme')} data-testid="theme-switcher" hideBelow="md">
          {scheme === 'dark' ? <MoonIcon /> : <SunIcon />}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={prefs.theme}>
              {THEMES.map((theme) => (
                <Menu.RadioItem key={theme} value={theme}>
                  {t(`customizer.themes.${theme}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
