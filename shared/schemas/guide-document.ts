import { z } from 'zod'

/**
 * A guide's body (docs/decisions/069): the rich-text editor's (Tiptap's) JSON document, kept only in the shape below.
 * Parsing it is the sanitising: a node or a mark this list does not name is refused, every attribute not named is
 * dropped, a link goes only to http(s), mailto, tel or a path inside the app, and an image only to a stored file.
 * Nothing of it is ever HTML: the reader draws it as elements (client/features/guides/components/guide-body.tsx),
 * so a text that looks like a script tag is shown as text.
 */

/** How large one language's document may be (its JSON), and how deep its nesting may go. */
/** Three languages' documents and the rest of a save stay within the API's 1 MB body. */
export const GUIDE_DOC_MAX_BYTES = 250_000
/** JSON levels: a list in a list in a table cell, with a link mark, is about 24. */
export const GUIDE_DOC_MAX_DEPTH = 48
export const GUIDE_TEXT_MAX = 20_000

/**
 * A link's target: the web, mail, a phone number, or a screen of this app — never `javascript:` or `data:`, nor a path
 * whose second character is `/` or `\\` (browsers read `//host` and `/\\host` as another site, issue 68 Q9).
 */
export const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()-]+|\/(?![/\\])[^\s]*)$/i
export const isSafeHref = (href: string) => SAFE_HREF.test(href.trim())

/** A stored file's address, the only source an image or an attachment may have. */
export const FILE_SRC = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const fileIdOfSrc = (src: string) => (FILE_SRC.test(src) ? src.slice('/api/files/'.length) : null)

const mark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('strike') }),
  z.object({ type: z.literal('underline') }),
  z.object({ type: z.literal('code') }),
  z.object({
    type: z.literal('link'),
    attrs: z.object({ href: z.string().trim().max(2_000).refine(isSafeHref, { error: 'validation.guides.link' }) }),
  }),
])

const textNode = z.object({ type: z.literal('text'), text: z.string().min(1).max(GUIDE_TEXT_MAX), marks: z.array(mark).max(8).optional() })
const hardBreak = z.object({ type: z.literal('hardBreak') })
const inline = z.discriminatedUnion('type', [textNode, hardBreak])
const inlines = z.array(inline).max(2_000).optional()

export type GuideMark = z.output<typeof mark>
export type GuideInline = z.output<typeof inline>

export type GuideNode =
  | { type: 'paragraph'; attrs?: { textAlign?: 'left' | 'center' | 'right' | null }; content?: GuideInline[] }
  | { type: 'heading'; attrs: { level: 1 | 2 | 3 | 4 }; content?: GuideInline[] }
  | { type: 'bulletList'; content: GuideNode[] }
  | { type: 'orderedList'; attrs?: { start?: number }; content: GuideNode[] }
  | { type: 'listItem'; content: GuideNode[] }
  | { type: 'blockquote'; content: GuideNode[] }
  | { type: 'codeBlock'; content?: GuideInline[] }
  | { type: 'horizontalRule' }
  | { type: 'image'; attrs: { src: string; alt?: string | null } }
  | { type: 'attachment'; attrs: { fileId: string; name: string; size: number } }
  | { type: 'embed'; attrs: { embedId: string; name?: string | null } }
  | { type: 'table'; content: GuideNode[] }
  | { type: 'tableRow'; content: GuideNode[] }
  | { type: 'tableCell' | 'tableHeader'; attrs?: { colspan?: number; rowspan?: number }; content: GuideNode[] }

export type GuideDoc = { type: 'doc'; content: GuideNode[] }

const blocks = (max = 2_000): z.ZodType<GuideNode[]> => z.array(z.lazy(() => block)).max(max)
const cellAttrs = z.object({ colspan: z.number().int().min(1).max(20).optional(), rowspan: z.number().int().min(1).max(200).optional() }).optional()

const block: z.ZodType<GuideNode> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), attrs: z.object({ textAlign: z.enum(['left', 'center', 'right']).nullish() }).optional(), content: inlines }),
  z.object({ type: z.literal('heading'), attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }), content: inlines }),
  z.object({ type: z.literal('bulletList'), content: blocks(500) }),
  z.object({ type: z.literal('orderedList'), attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(), content: blocks(500) }),
  z.object({ type: z.literal('listItem'), content: blocks(100) }),
  z.object({ type: z.literal('blockquote'), content: blocks(200) }),
  z.object({
    type: z.literal('codeBlock'),
    content: z
      .array(textNode.omit({ marks: true }))
      .max(200)
      .optional(),
  }),
  z.object({ type: z.literal('horizontalRule') }),
  z.object({
    type: z.literal('image'),
    attrs: z.object({ src: z.string().regex(FILE_SRC, { error: 'validation.guides.image' }), alt: z.string().max(500).nullish() }),
  }),
  z.object({ type: z.literal('attachment'), attrs: z.object({ fileId: z.uuid(), name: z.string().trim().min(1).max(255), size: z.number().int().min(0) }) }),
  z.object({ type: z.literal('embed'), attrs: z.object({ embedId: z.string().min(1).max(64), name: z.string().max(100).nullish() }) }),
  z.object({ type: z.literal('table'), content: blocks(500) }),
  z.object({ type: z.literal('tableRow'), content: blocks(50) }),
  z.object({ type: z.literal('tableCell'), attrs: cellAttrs, content: blocks(50) }),
  z.object({ type: z.literal('tableHeader'), attrs: cellAttrs, content: blocks(50) }),
]) as z.ZodType<GuideNode>

const depthOf = (value: unknown, depth = 0): number => {
  if (depth > GUIDE_DOC_MAX_DEPTH) return depth
  if (Array.isArray(value)) return Math.max(depth, ...value.map((v) => depthOf(v, depth + 1)))
  if (value && typeof value === 'object') return Math.max(depth, ...Object.values(value).map((v) => depthOf(v, depth + 1)))
  return depth
}

/**
 * A guide's document as stored: only the nodes, marks and attributes above. Too large or too deep a document is
 * refused before its shape is read (a hostile one could otherwise cost the parser dearly).
 */
export const guideDocSchema: z.ZodType<GuideDoc> = z
  .unknown()
  .superRefine((value, ctx) => {
    const size = JSON.stringify(value ?? null).length
    if (size > GUIDE_DOC_MAX_BYTES) ctx.addIssue({ code: 'custom', message: 'validation.guides.tooLarge' })
    else if (depthOf(value) > GUIDE_DOC_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: 'validation.guides.tooDeep' })
  })
  .pipe(z.object({ type: z.literal('doc'), content: blocks() })) as z.ZodType<GuideDoc>

export const emptyDoc = (): GuideDoc => ({ type: 'doc', content: [{ type: 'paragraph' }] })

/** Walks a document's nodes, depth first. */
export function walkDoc(doc: GuideDoc, visit: (node: GuideNode | GuideInline) => void) {
  const go = (nodes: ReadonlyArray<GuideNode | GuideInline> | undefined) => {
    for (const n of nodes ?? []) {
      visit(n)
      if ('content' in n) go(n.content as Array<GuideNode | GuideInline> | undefined)
    }
  }
  go(doc.content)
}

/** The text of a node and its children, joined. */
export function nodeText(node: GuideNode | GuideInline): string {
  if (node.type === 'text') return node.text
  if (node.type === 'hardBreak') return ' '
  if (!('content' in node) || !node.content) return ''
  const sep = node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock' ? '' : ' '
  return (node.content as Array<GuideNode | GuideInline>).map(nodeText).join(sep)
}

/** A document's plain text (for the search index), its blocks on lines of their own. */
export function docText(doc: GuideDoc): string {
  const lines: string[] = []
  walkDoc(doc, (n) => {
    if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'codeBlock') lines.push(nodeText(n))
  })
  return lines.filter((l) => l.trim() !== '').join('\n')
}

/** The headings of a document in order (its table of contents), each with a stable anchor. */
export function docHeadings(doc: GuideDoc): Array<{ level: number; text: string; anchor: string }> {
  const out: Array<{ level: number; text: string; anchor: string }> = []
  const seen = new Map<string, number>()
  walkDoc(doc, (n) => {
    if (n.type !== 'heading') return
    const text = nodeText(n).trim()
    if (!text) return
    const base =
      text
        .toLocaleLowerCase('sv')
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'rubrik'
    const n2 = (seen.get(base) ?? 0) + 1
    seen.set(base, n2)
    out.push({ level: n.attrs.level, text, anchor: n2 === 1 ? base : `${base}-${n2}` })
  })
  return out
}

/** The stored files a document uses (its images and attachments): they are readable by whoever may read the guide. */
export function docFileIds(doc: GuideDoc): string[] {
  const ids = new Set<string>()
  walkDoc(doc, (n) => {
    if (n.type === 'image') {
      const id = fileIdOfSrc(n.attrs.src)
      if (id) ids.add(id)
    } else if (n.type === 'attachment') ids.add(n.attrs.fileId)
  })
  return [...ids]
}

/** The embeds a document shows. */
export function docEmbedIds(doc: GuideDoc): string[] {
  const ids = new Set<string>()
  walkDoc(doc, (n) => {
    if (n.type === 'embed') ids.add(n.attrs.embedId)
  })
  return [...ids]
}
