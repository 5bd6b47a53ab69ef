import fs from 'node:fs'
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import publicSans from '@capsizecss/metrics/publicSans'
import { describe, expect, it } from 'vitest'

const css = fs.readFileSync(new URL('./fonts.css', import.meta.url), 'utf8')
const fontsource = fs.readFileSync(new URL('../../node_modules/@fontsource-variable/public-sans/wght.css', import.meta.url), 'utf8')

describe('the bundled font', () => {
  it('has a fallback face with the metrics capsize computes for Public Sans over Arial (no shift when it swaps)', () => {
    const { fontFaces } = createFontStack([publicSans, arial])
    for (const property of ['ascent-override', 'descent-override', 'line-gap-override', 'size-adjust']) {
      const expected = new RegExp(`${property}: ([\\d.]+%)`).exec(fontFaces)![1]
      expect(css, property).toContain(`${property}: ${expected};`)
    }
  })

  it('loads the Latin and Latin Extended subsets with Fontsource’s unicode ranges, and swaps', () => {
    const rangeOf = (subset: string) =>
      new RegExp(`public-sans-${subset}-wght-normal \\*/[\\s\\S]*?unicode-range: ([^;]+);`).exec(fontsource)![1]!.replace(/\s/g, '')
    const ours = [...css.matchAll(/unicode-range: ([^;]+);/g)].map((m) => m[1]!.replace(/\s/g, ''))
    expect(ours).toEqual([rangeOf('latin'), rangeOf('latin-ext')])
    expect(css).not.toContain('vietnamese')
    expect(css.match(/font-display: swap;/g)).toHaveLength(2)
  })

  it('is the font the theme and the plain login name first', () => {
    const theme = fs.readFileSync(new URL('./theme.ts', import.meta.url), 'utf8')
    const login = fs.readFileSync(new URL('../features/auth/components/login-form.css', import.meta.url), 'utf8')
    expect(theme).toContain("'Public Sans', 'Public Sans Fallback'")
    expect(login).toContain("'Public Sans', 'Public Sans Fallback'")
  })
})
