import { describe, expect, it } from 'vitest'
import { bootEntry } from './vite-boot-entry'

/** The built index hands its entry to the boot script (docs/decisions/092). */
describe('the boot entry', () => {
  const built = `<!doctype html><html><head><script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/index-AbC123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-x.js"></head>
<body><div id="root"></div></body></html>`

  it('preloads the entry and lets the boot script at the end of the body start it', () => {
    const html = bootEntry(built)
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">')
    expect(html).toMatch(/<div id="root"><\/div>\s*<script src="\/home-snapshot.js" data-entry="\/assets\/index-AbC123.js"><\/script>\s*<\/body>/)
  })

  it('refuses an index whose entry it cannot find, instead of building an app that never starts', () => {
    expect(() => bootEntry(built.replace('type="module" crossorigin ', ''))).toThrow(/no module entry/)
  })
})
