import path from 'node:path'
import { runnerImport, type Plugin } from 'vite'

/**
 * Chakra's global stylesheet made at build time (docs/decisions/015).
 *
 * Chakra's provider makes its global styles at start on the user's device: the CSS reset, the theme's global
 * CSS and every token as a CSS variable, light and dark (`system._global`), serialised and inserted by emotion.
 * They depend on the theme alone, so this plugin makes them once, at build time, with the same emotion pipeline
 * (@emotion/serialize, then @emotion/cache's stylis with its default plugins), and serves them as the stylesheet
 * `virtual:chakra-global.css`, which the styled shell imports. The provider then gets a system without them
 * (`shellSystem()` in client/app/theme.ts).
 *
 * It also makes Chakra's `createSystem` leave `_global` until someone asks for it: on the device no one does,
 * and building it was about half of `createSystem`'s time. The patch is a text replacement; when a new Chakra
 * changes that code, the build fails here instead of quietly doing the work again.
 */
const ID = 'virtual:chakra-global.css'
// Vite's CSS handling picks a module by its name ending in .css; the \0 keeps other plugins off it.
const RESOLVED = `\0${ID}`

const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];'
const RETURNED = '    _global,\n'

/** The global CSS of a Chakra system, as emotion's `<Global>` would insert it, and the layer order first. */
export async function chakraGlobalCss(system: { _global: unknown; layers: { atRule: string } }): Promise<string> {
  const [{ default: createCache }, { serializeStyles }] = await Promise.all([import('@emotion/cache'), import('@emotion/serialize')])
  const cache = createCache({ key: 'css' })
  const serialized = serializeStyles([system._global] as Parameters<typeof serializeStyles>[0], cache.registered)
  // On the server, emotion's cache returns the rules instead of inserting them (what its <Global> inserts).
  const rules = cache.insert('', serialized, cache.sheet, false) as unknown as string
  return `${system.layers.atRule}\n${rules}\n`
}

/** Makes `_global` a getter that builds it on first read; fails when Chakra's code no longer matches. */
export function lazyChakraGlobal(code: string): string {
  if (!code.includes(EAGER) || !code.includes(RETURNED)) {
    throw new Error('chakra-global-css: @chakra-ui/react changed its createSystem; update scripts/vite-chakra-global-css.ts')
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(RETURNED, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n')
}

export function chakraGlobalCssPlugin(): Plugin {
  let root = process.cwd()
  return {
    name: 'saljkraft:chakra-global-css',
    configResolved(config) {
      // The project's root (where vite.config.ts is), not Vite's root (client/).
      root = config.configFile ? path.dirname(config.configFile) : process.cwd()
    },
    resolveId(source) {
      return source === ID ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return undefined
      const theme = path.join(root, 'client/app/theme.ts')
      this.addWatchFile(theme)
      const { module } = await runnerImport<typeof import('../client/app/theme')>(theme, { configFile: false, root, logLevel: 'error' })
      return chakraGlobalCss(module.appSystem())
    },
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes('/@chakra-ui/react/dist/esm/styled-system/system.js')) return undefined
      return { code: lazyChakraGlobal(code), map: null }
    },
  }
}
