import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appSystem } from '../client/app/theme'
import { chakraGlobalCss, lazyChakraGlobal } from './vite-chakra-global-css'

const require = createRequire(import.meta.url)
const chakraSystemJs = path.join(path.dirname(require.resolve('@chakra-ui/react')), '../esm/styled-system/system.js')

describe('Chakra global stylesheet made at build time (docs/decisions/015)', () => {
  it('makes the installed Chakra build its global styles only when asked', () => {
    const code = fs.readFileSync(chakraSystemJs, 'utf8')
    const patched = lazyChakraGlobal(code)
    expect(patched).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];')
    expect(patched).toContain('get _global() {')
    expect(patched).toContain('return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];')
  })

  it('fails the build when Chakra changed the code it patches', () => {
    expect(() => lazyChakraGlobal('function createSystem() { return {} }')).toThrow(/update scripts\/vite-chakra-global-css\.ts/)
  })

  it('holds the layer order, the reset, the global CSS and every token as a variable, light and dark', async () => {
    const system = appSystem()
    const css = await chakraGlobalCss(system)
    expect(css.startsWith('@layer reset, base, tokens, recipes;\n')).toBe(true)
    expect(css).toMatch(/@layer reset\{html\{/) // the reset
    expect(css).toContain('html[data-skin=bordered] .chakra-card__root{box-shadow:none;') // the app's own global CSS
    expect(css).toContain('--chakra-colors-brand-solid:var(--chakra-colors-brand-600);')
    expect(css).toContain('--chakra-colors-brand-600:var(--sk-primary, #C2185B);')
    expect(css).toContain('.dark,.dark .chakra-theme:not(.light){') // dark-mode values of the semantic tokens
    // Every token with a value is defined in the stylesheet (colour-palette tokens are set where a palette is used).
    const missing = system.tokens.allTokens
      .filter((token) => !token.extensions.virtual && String(token.value).trim() !== '')
      .map((token) => token.extensions.cssVar?.var)
      .filter((name): name is string => !!name && !css.includes(`${name}:`))
    expect(missing).toEqual([])
  })
})
