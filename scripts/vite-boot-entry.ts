import type { Plugin } from 'vite'

/**
 * The app's entry started by the boot script (docs/decisions/092): the built index loads the entry as
 * `<script type="module" src="/assets/index-….js">`, which the browser may run before it paints anything. This
 * plugin makes it a module preload (downloaded and compiled as before) and hands its address to
 * public/home-snapshot.js at the end of the body, which starts it at once, or right after painting the picture of
 * the seller's home when one is kept.
 */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/

export function bootEntry(html: string): string {
  const found = ENTRY.exec(html)
  if (!found || !html.includes('</body>')) throw new Error('boot-entry: the built index has no module entry to hand over; update scripts/vite-boot-entry.ts')
  const src = found[1]!
  return html
    .replace(found[0], `<link rel="modulepreload" crossorigin href="${src}">`)
    .replace('</body>', `  <script src="/home-snapshot.js" data-entry="${src}"></script>\n  </body>`)
}

export function bootEntryPlugin(): Plugin {
  return {
    name: 'saljkraft:boot-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => bootEntry(html) },
  }
}
