import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'
import { PRIMARY_COLORS } from '../../shared/preferences'

/** The default primary colour is a pink (spec section 9); #C2185B keeps white text above 4.5:1 contrast. */
export const PRIMARY = PRIMARY_COLORS[0]

const mix = (percent: number, other: 'white' | 'black') => `color-mix(in srgb, var(--sk-primary, ${PRIMARY}) ${percent}%, ${other})`

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg.subtle' },
    // The bordered skin: outlines instead of shadows.
    'html[data-skin=bordered] .chakra-card__root': { boxShadow: 'none', borderWidth: '1px', borderColor: 'border' },
  },
  theme: {
    // The overlay-nav breakpoint: the medium breakpoint (48rem) plus 16 px (spec section 9).
    breakpoints: { sm: '30rem', md: '48rem', overlay: '49rem', lg: '62rem', xl: '80rem', '2xl': '96rem' },
    tokens: {
      fonts: {
        heading: { value: "'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: {
        // One CSS variable (--sk-primary, set from the preference) drives the whole palette.
        brand: {
          50: { value: mix(8, 'white') },
          100: { value: mix(20, 'white') },
          200: { value: mix(38, 'white') },
          300: { value: mix(58, 'white') },
          400: { value: mix(78, 'white') },
          500: { value: mix(90, 'white') },
          600: { value: `var(--sk-primary, ${PRIMARY})` },
          700: { value: mix(82, 'black') },
          800: { value: mix(64, 'black') },
          900: { value: mix(42, 'black') },
          950: { value: mix(28, 'black') },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    },
  },
})

export const system = createSystem(defaultConfig, config)
