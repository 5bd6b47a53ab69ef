import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  comboboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import { PRIMARY_COLORS } from '../../shared/preferences'

/**
 * A dialog or drawer dims the page behind it clearly (Chakra's default was barely visible behind a white sheet
 * in the light theme, issue 12): half black in light, more in dark, where the page is dark already.
 */
function withClearBackdrop<R extends typeof dialogSlotRecipe | typeof drawerSlotRecipe>(recipe: R): R {
  return {
    ...recipe,
    base: { ...recipe.base, backdrop: { ...recipe.base?.backdrop, bg: { _light: 'blackAlpha.600', _dark: 'blackAlpha.700' } } },
  }
}

/** The default primary colour is a pink (spec section 9); #C2185B keeps white text above 4.5:1 contrast. */
export const PRIMARY = PRIMARY_COLORS[0]

const mix = (percent: number, other: 'white' | 'black') => `color-mix(in srgb, var(--sk-primary, ${PRIMARY}) ${percent}%, ${other})`

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    // The app places the view itself on every navigation (the top, or a hash target: client/app/scroll.ts). The
    // browser's scroll anchoring would move it again while a new screen is still filling in (a phone ended up
    // scrolled down a screen it had just opened at the top).
    // A field scrolled to (by focus, a hash or scrollIntoView) stops clear of the sticky app bar and of a screen's
    // sticky save bar, not under them (WCAG 2.4.11, focus not obscured).
    html: { overflowAnchor: 'none', scrollPaddingTop: '5rem', scrollPaddingBottom: '5rem' },
    body: { bg: 'bg.subtle' },
    // A reader who asked their system for less motion gets none: dialogs, menus and toasts appear at once, and
    // nothing slides or spins (WCAG 2.3.3). MapLibre does the same for its moves on its own.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
    // The bordered skin: outlines instead of shadows.
    'html[data-skin=bordered] .chakra-card__root': { boxShadow: 'none', borderWidth: '1px', borderColor: 'border' },
  },
  theme: {
    // The overlay-nav breakpoint: the medium breakpoint (48rem) plus 16 px (spec section 9).
    breakpoints: { sm: '30rem', md: '48rem', overlay: '49rem', lg: '62rem', xl: '80rem', '2xl': '96rem' },
    tokens: {
      fonts: {
        heading: { value: "'Public Sans', 'Public Sans Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Public Sans', 'Public Sans Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
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
        // Chakra's red.500 / orange.500 / green.600 text on white is under 4.5:1 (WCAG AA): darker in light mode.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
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

/**
 * Chakra's theme with only the recipes of the components the app uses (Chakra's bundle-optimisation guide):
 * the full default theme ships every component's recipe in the entry chunk. A component added later needs
 * its recipe here, or it renders unstyled.
 */
const themeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      mark: markRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
      radiomark: radiomarkRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      combobox: comboboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: withClearBackdrop(dialogSlotRecipe),
      drawer: withClearBackdrop(drawerSlotRecipe),
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
})

let system: ReturnType<typeof createSystem> | null = null

/**
 * Chakra's system for the theme, made on first use. Making it (the theme's tokens turned into CSS variables and
 * lookup tables) is one of the longest steps of a start on a phone, so the styled shell's loader runs it in a
 * task of its own (client/app/root-shell.tsx, docs/decisions/014).
 */
export function appSystem() {
  return (system ??= createSystem(defaultBaseConfig, themeSlice, config))
}

let shell: ReturnType<typeof createSystem> | null = null

/**
 * The system the app's provider gets: `appSystem()` without its global styles (the reset, the global CSS and
 * the tokens as CSS variables), which the build made into the stylesheet `virtual:chakra-global.css` that the
 * styled shell imports (scripts/vite-chakra-global-css.ts, docs/decisions/015). The provider would otherwise
 * make them again on the device and insert them through emotion.
 */
export function shellSystem() {
  return (shell ??= Object.create(appSystem(), { _global: { value: [] } }) as ReturnType<typeof createSystem>)
}
