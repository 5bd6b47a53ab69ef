import { createHash } from 'node:crypto'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

/**
 * Contracts as PDF (docs/decisions/070), with pdf-lib: a contract from its template's filled text, and the signed copy —
 * the contract's pages unchanged, then a signature page with the signature drawn, the typed name and the audit trail
 * (who, when, from where, the signed document's SHA-256). Pure: bytes in, bytes out. The area makes them through
 * `contractPdfs` (candidates.pdf-thread.ts), off the main thread: a PDF's work is the template's length and the
 * signature's pixels.
 */

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const BODY_SIZE = 10.5
const LINE = BODY_SIZE * 1.45

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Text the standard fonts can write (Windows-1252: Swedish and Finnish letters are in it); anything else becomes "?". */
function writable(font: PDFFont, text: string): string {
  let out = ''
  for (const ch of text) {
    try {
      font.encodeText(ch)
      out += ch
    } catch {
      out += '?'
    }
  }
  return out
}

/** A paragraph's lines within `width`, breaking between words (a word longer than a line is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tryLine = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(tryLine, size) <= width) {
      line = tryLine
      continue
    }
    if (line) lines.push(line)
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width) {
      // The longest start of the word that fits, found by halving (a 50,000-letter word is 16 measures a line, not 50,000).
      let [fits, over] = [1, rest.length]
      while (over - fits > 1) {
        const mid = (fits + over) >> 1
        if (font.widthOfTextAtSize(rest.slice(0, mid), size) > width) over = mid
        else fits = mid
      }
      lines.push(rest.slice(0, fits))
      rest = rest.slice(fits)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines
}

type Fonts = { regular: PDFFont; bold: PDFFont }

/** Writes paragraphs from the top of pages, adding pages as they fill. */
function writer(doc: PDFDocument, fonts: Fonts) {
  let page: PDFPage = doc.addPage(A4)
  let y = A4[1] - MARGIN
  const width = A4[0] - 2 * MARGIN
  const room = (h: number) => {
    if (y - h < MARGIN + 24) {
      page = doc.addPage(A4)
      y = A4[1] - MARGIN
    }
  }
  return {
    heading(text: string, size = 16) {
      for (const l of wrap(fonts.bold, size, writable(fonts.bold, text), width)) {
        room(size * 1.4)
        page.drawText(l, { x: MARGIN, y: y - size, size, font: fonts.bold })
        y -= size * 1.4
      }
      y -= 8
    },
    paragraph(text: string, opts: { bold?: boolean; size?: number } = {}) {
      const font = opts.bold ? fonts.bold : fonts.regular
      const size = opts.size ?? BODY_SIZE
      for (const l of wrap(font, size, writable(font, text), width)) {
        room(size * 1.45)
        page.drawText(l, { x: MARGIN, y: y - size, size, font, color: rgb(0.1, 0.1, 0.12) })
        y -= size * 1.45
      }
      y -= LINE * 0.5
    },
    space(h: number) {
      room(h)
      y -= h
    },
    image: async (png: Uint8Array, maxW: number, maxH: number) => {
      const img = await doc.embedPng(png)
      const scale = Math.min(maxW / img.width, maxH / img.height, 1)
      const w = img.width * scale
      const h = img.height * scale
      room(h + 8)
      page.drawImage(img, { x: MARGIN, y: y - h, width: w, height: h })
      y -= h + 4
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + maxW, y }, thickness: 0.6, color: rgb(0.4, 0.4, 0.45) })
      y -= 10
    },
  }
}

/** Page numbers and the document's reference in every page's footer. */
function footers(doc: PDFDocument, font: PDFFont, reference: string) {
  const pages = doc.getPages()
  pages.forEach((p, i) => {
    const text = writable(font, `${reference} · ${i + 1} / ${pages.length}`)
    p.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font, color: rgb(0.45, 0.45, 0.5) })
  })
}

/**
 * Where an e-signing service puts the signer's fields: DocuSeal's text tags (`{{Name;type=signature;role=…}}`), the
 * field as wide and high as their attributes say, the tag text removed by the service when it makes the form.
 */
export type SignatureTags = { heading: string; role: string; signature: string; date: string }

/** A contract: its title, then its text's paragraphs (blank lines part them), dated `at`; the signer's tags at its end. */
export async function contractPdf(input: {
  title: string
  body: string
  reference: string
  at: number
  author: string
  signatureTags?: SignatureTags | null
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  doc.setTitle(input.title)
  doc.setAuthor(input.author)
  doc.setProducer('Säljkraft')
  doc.setCreator('Säljkraft')
  doc.setCreationDate(new Date(input.at))
  doc.setModificationDate(new Date(input.at))
  const w = writer(doc, fonts)
  w.heading(input.title)
  for (const para of input.body.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const text = para.trim()
    if (!text) continue
    // A paragraph that is one short line ending in ":" or written in capitals reads as a heading.
    const heading = !text.includes('\n') && text.length < 80 && (text.endsWith(':') || text === text.toUpperCase())
    w.paragraph(text.replace(/\n/g, ' '), { bold: heading })
  }
  const tags = input.signatureTags
  if (tags) {
    const tag = (name: string, attributes: string) => `{{${name.replace(/[{};=]/g, ' ').trim()};${attributes};role=${tags.role}}}`
    w.space(24)
    w.paragraph(tags.heading, { bold: true })
    w.space(8)
    w.paragraph(tag(tags.signature, 'type=signature;width=220;height=60'), { size: 8 })
    w.space(40)
    w.paragraph(tag(tags.date, 'type=datenow;width=120;height=16'), { size: 8 })
  }
  footers(doc, fonts.regular, input.reference)
  return doc.save({ useObjectStreams: false })
}

export type SignatureAudit = {
  name: string
  email: string
  signedAt: string
  ip: string | null
  userAgent: string | null
  documentSha256: string
  contractId: string
}

/** The signed copy: the contract's pages, then a page with the signature, the name and the audit trail. */
export async function signedPdf(
  original: Uint8Array,
  input: {
    signaturePng: Uint8Array
    audit: SignatureAudit
    labels: { title: string; name: string; email: string; signedAt: string; ip: string; userAgent: string; sha256: string; contract: string; note: string }
  },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false })
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  const w = writer(doc, fonts)
  const { audit, labels } = input
  w.heading(labels.title)
  await w.image(input.signaturePng, 260, 110)
  w.paragraph(`${labels.name}: ${audit.name}`, { bold: true })
  w.space(6)
  w.paragraph(`${labels.email}: ${audit.email}`)
  w.paragraph(`${labels.signedAt}: ${audit.signedAt}`)
  w.paragraph(`${labels.ip}: ${audit.ip ?? '—'}`)
  w.paragraph(`${labels.userAgent}: ${audit.userAgent ?? '—'}`, { size: 8.5 })
  w.paragraph(`${labels.contract}: ${audit.contractId}`)
  w.paragraph(`${labels.sha256}: ${audit.documentSha256}`, { size: 8.5 })
  w.space(8)
  w.paragraph(labels.note, { size: 8.5 })
  doc.setModificationDate(new Date(audit.signedAt))
  return doc.save({ useObjectStreams: false })
}

/** A PDF to make in the worker (candidates.pdf.worker.ts): a contract from its text, or a contract's signed copy. */
export type PdfTask =
  { kind: 'contract'; input: Parameters<typeof contractPdf>[0] } | { kind: 'signed'; original: Uint8Array; input: Parameters<typeof signedPdf>[1] }
