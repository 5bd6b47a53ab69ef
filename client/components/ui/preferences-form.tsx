import { Box, Button, Field, Flex, Heading, Stack, Switch, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, isLanguage } from '../../../shared/i18n/languages'
import {
  BAR_TYPES,
  CONTENT_WIDTHS,
  DEFAULT_PREFERENCES,
  FIELD_MODES,
  NAV_LAYOUTS,
  PRIMARY_COLORS,
  SKINS,
  THEMES,
  type Preferences,
} from '../../../shared/preferences'
import { setLanguage } from '../../lib/i18n'
import { setPreferences, usePreferences } from '../../lib/preferences'
import { Choices } from './choices'

type Key = keyof Preferences

/** A row of mutually exclusive buttons (a radio group a keyboard can use). */
function Choice<K extends Key>(props: { label: string; prefKey: K; options: readonly Preferences[K][]; labelOf: (v: Preferences[K]) => string }) {
  const prefs = usePreferences()
  return (
    <Box role="radiogroup" aria-label={props.label}>
      <Text fontWeight="medium" fontSize="sm" mb="2">
        {props.label}
      </Text>
      <Flex gap="2" wrap="wrap">
        {props.options.map((option) => {
          const selected = prefs[props.prefKey] === option
          return (
            <Button
              key={String(option)}
              size="sm"
              role="radio"
              aria-checked={selected}
              variant={selected ? 'solid' : 'outline'}
              colorPalette={selected ? 'brand' : 'gray'}
              onClick={() => setPreferences({ [props.prefKey]: option } as Partial<Preferences>)}
            >
              {props.labelOf(option)}
            </Button>
          )
        })}
      </Flex>
    </Box>
  )
}

function Toggle(props: { label: string; prefKey: 'isVerticalNavSemiDark' | 'isVerticalNavCollapsed' | 'isNavbarBlurEnabled' }) {
  const prefs = usePreferences()
  return (
    <Switch.Root
      checked={prefs[props.prefKey]}
      onCheckedChange={(e) => setPreferences({ [props.prefKey]: e.checked })}
      colorPalette="brand"
      display="flex"
      justifyContent="space-between"
      w="full"
    >
      <Switch.HiddenInput />
      <Switch.Label fontWeight="medium">{props.label}</Switch.Label>
      <Switch.Control />
    </Switch.Root>
  )
}

/** Every per-browser preference, applied live and kept in cookies (the customizer and the profile use it). */
export function PreferencesForm() {
  const { t, i18n } = useTranslation()
  const prefs = usePreferences()
  return (
    <Stack gap="6">
      <Choice label={t('customizer.theme')} prefKey="theme" options={THEMES} labelOf={(v) => t(`customizer.themes.${v}`)} />
      <Box>
        <Choice label={t('customizer.fieldMode')} prefKey="fieldMode" options={FIELD_MODES} labelOf={(v) => t(`customizer.fieldModes.${v}`)} />
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('customizer.fieldModeHint')}
        </Text>
      </Box>
      <Choice label={t('customizer.skin')} prefKey="skin" options={SKINS} labelOf={(v) => t(`customizer.skins.${v}`)} />
      <Box role="radiogroup" aria-label={t('customizer.primaryColor')}>
        <Text fontWeight="medium" fontSize="sm" mb="2">
          {t('customizer.primaryColor')}
        </Text>
        <Flex gap="2" wrap="wrap">
          {PRIMARY_COLORS.map((color) => (
            <Box
              as="button"
              key={color}
              role="radio"
              aria-checked={prefs.primaryColor === color}
              aria-label={t('customizer.colorOption', { color })}
              onClick={() => setPreferences({ primaryColor: color })}
              w="9"
              h="9"
              borderRadius="md"
              bg={color}
              borderWidth="3px"
              borderColor={prefs.primaryColor === color ? 'fg' : 'transparent'}
              _focusVisible={{ outline: '2px solid', outlineColor: 'fg', outlineOffset: '2px' }}
            />
          ))}
        </Flex>
      </Box>
      <Field.Root>
        <Field.Label>{t('app.language')}</Field.Label>
        <Choices
          size="sm"
          value={i18n.language}
          onChange={(e) => {
            const lng = e.currentTarget.value
            if (isLanguage(lng)) void setLanguage(lng)
          }}
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        />
      </Field.Root>
      <Heading as="h3" size="sm" pt="2">
        {t('customizer.layout')}
      </Heading>
      <Choice label={t('customizer.layout')} prefKey="appContentLayoutNav" options={NAV_LAYOUTS} labelOf={(v) => t(`customizer.layouts.${v}`)} />
      <Toggle label={t('customizer.semiDark')} prefKey="isVerticalNavSemiDark" />
      <Toggle label={t('customizer.collapsed')} prefKey="isVerticalNavCollapsed" />
      <Choice label={t('customizer.contentWidth')} prefKey="appContentWidth" options={CONTENT_WIDTHS} labelOf={(v) => t(`customizer.widths.${v}`)} />
      <Choice label={t('customizer.navbarType')} prefKey="navbarType" options={BAR_TYPES} labelOf={(v) => t(`customizer.barTypes.${v}`)} />
      <Toggle label={t('customizer.navbarBlur')} prefKey="isNavbarBlurEnabled" />
      <Choice label={t('customizer.footerType')} prefKey="footerType" options={BAR_TYPES} labelOf={(v) => t(`customizer.barTypes.${v}`)} />
      <Button variant="outline" onClick={() => setPreferences(DEFAULT_PREFERENCES)}>
        {t('customizer.reset')}
      </Button>
    </Stack>
  )
}
