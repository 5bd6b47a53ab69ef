import fs from 'node:fs'
import { chromium } from '@playwright/test'

/**
 * Renders the PWA icons from the SVG logo with Debian's Chromium (no image tools needed):
 * 192 and 512 px, a maskable 512 (full bleed, logo inside the safe zone) and the Apple touch icon.
 * Run `npx tsx scripts/make-icons.ts` after changing public/favicon.svg; the PNGs are committed.
 */
const logo = fs.readFileSync('public/favicon.svg', 'utf8')
const mark = /<path[^>]+\/>/.exec(logo)![0]
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#C2185B"/><g transform="translate(12.8 12.8) scale(0.6)">${mark}</g></svg>`
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#C2185B"/><g transform="translate(6.4 6.4) scale(0.8)">${mark}</g></svg>`

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
fs.mkdirSync('public/icons', { recursive: true })
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', square, 180],
] as const) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`,
  )
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: true })
}
await browser.close()
console.log('icons written to public/icons')
