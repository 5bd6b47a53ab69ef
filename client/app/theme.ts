import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

/** The primary colour is a pink (spec section 9); #C2185B keeps white text above 4.5:1 contrast. */
export const PRIMARY = '#C2185B'

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg.subtle' },
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
        brand: {
          50: { value: '#fce4ec' },
          100: { value: '#f8bbd0' },
          200: { value: '#f48fb1' },
          300: { value: '#f06292' },
          400: { value: '#ec407a' },
          500: { value: '#d81b60' },
          600: { value: PRIMARY },
          700: { value: '#ad1457' },
          800: { value: '#880e4f' },
          900: { value: '#560027' },
          950: { value: '#3a001a' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    },
  },
})

export const system = createSystem(defaultConfig, config)
