import { describe, expect, it } from 'vitest'
import { docFileIds, docHeadings, docText, guideDocSchema, isSafeHref } from './guide-document'

const p = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] })
const doc = (...content: unknown[]) => ({ type: 'doc', content })
const fileId = '0b6c1c1e-2a6e-4f4e-9d55-3d7a3c2b1a00'

describe('a guide document is kept only in its own shape', () => {
  it('keeps headings, lists, tables, links, images and attachments', () => {
    const input = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Invändningar' }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [p('För dyrt', [{ type: 'bold' }])] }] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [p('Pris')] },
              { type: 'tableCell', content: [p('99 kr')] },
            ],
          },
        ],
      },
      p('Läs mer', [{ type: 'link', attrs: { href: 'https://example.se/x', target: '_blank', rel: 'noopener', class: 'x' } }]),
      { type: 'image', attrs: { src: `/api/files/${fileId}`, alt: 'Karta', title: 'ignored', width: 300 } },
      { type: 'attachment', attrs: { fileId, name: 'prislista.pdf', size: 1234 } },
    )
    const out = guideDocSchema.parse(input)
    expect(out.content).toHaveLength(6)
    // Attributes the shape does not name are dropped.
    expect(JSON.stringify(out)).not.toContain('_blank')
    expect(JSON.stringify(out)).not.toContain('ignored')
    expect(docFileIds(out)).toEqual([fileId])
  })

  it.each([
    ['a script node', doc({ type: 'script', content: [] })],
    ['raw HTML', doc({ type: 'html', attrs: { html: '<img src=x onerror=alert(1)>' } })],
    ['a javascript: link', doc(p('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))],
    ['a javascript: link in capitals with spaces', doc(p('x', [{ type: 'link', attrs: { href: ' JaVaScRiPt:alert(1)' } }]))],
    ['a data: link', doc(p('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]))],
    ['a protocol-relative link', doc(p('x', [{ type: 'link', attrs: { href: '//evil.example/x' } }]))],
    ['an image from elsewhere', doc({ type: 'image', attrs: { src: 'https://evil.example/x.png' } })],
    ['an image as a data URL', doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } })],
    ['an unknown mark', doc(p('x', [{ type: 'onclick' }]))],
    ['not a document', { type: 'paragraph' }],
    ['too deep', doc(Array.from({ length: 60 }).reduce<unknown>((inner) => ({ type: 'blockquote', content: [inner] }), p('x')))],
    ['too large', doc(...Array.from({ length: 400 }, () => p('x'.repeat(1_000))))],
  ])('refuses %s', (_name, input) => {
    expect(guideDocSchema.safeParse(input).success).toBe(false)
  })

  it('keeps a text that looks like markup as text', () => {
    const out = guideDocSchema.parse(doc(p('<script>alert(1)</script><img src=x onerror=alert(1)>')))
    expect(docText(out)).toBe('<script>alert(1)</script><img src=x onerror=alert(1)>')
  })

  it.each([
    ['https://a.se', true],
    ['http://a.se/x?y=1', true],
    ['mailto:kundtjanst@a.se', true],
    ['tel:+46 8 123 45', true],
    ['/sales/new', true],
    ['javascript:alert(1)', false],
    ['vbscript:x', false],
    ['//evil.example', false],
    ['/\\evil.example/login', false],
    ['/\\/evil.example', false],
    ['https://a.se/ x', false],
  ])('a link to %s is safe: %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe)
  })
})

describe('what a document says', () => {
  const d = guideDocSchema.parse(
    doc(
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Så säljer du' }] },
      p('Första stycket.'),
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Så säljer du' }] },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Öppning & hälsning' }] },
    ),
  )
  it('its text for the search', () => {
    expect(docText(d)).toBe('Så säljer du\nFörsta stycket.\nSå säljer du\nÖppning & hälsning')
  })
  it('its table of contents with unique anchors', () => {
    expect(docHeadings(d)).toEqual([
      { level: 1, text: 'Så säljer du', anchor: 'sa-saljer-du' },
      { level: 2, text: 'Så säljer du', anchor: 'sa-saljer-du-2' },
      { level: 2, text: 'Öppning & hälsning', anchor: 'oppning-halsning' },
    ])
  })
})
