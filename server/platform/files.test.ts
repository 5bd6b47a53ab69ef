import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, translator } from '../../shared/i18n'
import { FILE_KINDS, FILE_KIND_NAMES, type FileKind } from '../../shared/schemas/files'
import { createApp } from '../app'
import { bootDatabase } from '../boot'
import { ApiError } from '../lib/errors'
import { createTestApp, ORIGIN } from '../test/harness'
import { checkFile, detectType } from './files'
import { createDeps } from './deps'

/**
 * The one file module: what a file is comes from its bytes, each kind has its types and size, the owning area
 * decides who reads, and any instance serves any file.
 */
const app = await createTestApp()
const sv = translator('sv')
const seller = await app.login('seller@demo.test')
const colleague = await app.login('anna.lindqvist@demo.test')
const backoffice = await app.login('backoffice@demo.test')

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(200).fill(7)])
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(64).fill(0)])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const CSV = Buffer.from('ordernummer;kund;belopp\n1001;Åsa Öberg;399,00\n1002;Eero Mäkinen;249,00\n')
const XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<paxml><header><version>2.0</version></header></paxml>\n')
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(120).fill(0)])

async function refusal(kind: FileKind, bytes: Uint8Array, declared: string | null): Promise<{ status: number; message: string } | null> {
  try {
    await checkFile(kind, bytes, declared, sv)
    return null
  } catch (err) {
    if (!(err instanceof ApiError)) throw err
    return { status: err.status, message: err.options.fieldErrors?.file?.[0] ?? '' }
  }
}

describe('a file’s type comes from its content', () => {
  it.each([
    ['a JPEG photo', JPEG, 'image/jpeg'],
    ['a PNG image', PNG, 'image/png'],
    ['a PDF', PDF, 'application/pdf'],
    ['UTF-8 text', CSV, 'text/csv'],
    ['an XML document', XML, 'application/xml'],
    ['a program', ELF, 'application/x-elf'],
    ['unknown bytes', Buffer.from([0x00, 0x13, 0x37, 0xfe, 0x00, 0x01, 0x02, 0x03]), null],
  ] as const)('%s is %s', async (_name, bytes, type) => {
    expect(await detectType(bytes)).toBe(type)
  })

  it('accepts what the kind allows, by content, and answers the type to store', async () => {
    expect(await checkFile('checklist', JPEG, 'image/jpeg', sv)).toBe('image/jpeg')
    expect(await checkFile('order_import', CSV, 'text/csv', sv)).toBe('text/csv')
    expect(await checkFile('order_import', CSV, null, sv)).toBe('text/csv')
    expect(await checkFile('export', XML, null, sv)).toBe('application/xml')
    expect(await checkFile('contract', PDF, 'application/pdf', sv)).toBe('application/pdf')
  })

  it('refuses a file whose content is not what it says, or not a type its kind takes, with a translated 415', async () => {
    expect(await refusal('checklist', PNG, 'image/jpeg')).toEqual({ status: 415, message: sv('validation.sale.fileType') })
    expect(await refusal('contract', Buffer.from('%PDF'.replace('%', '#')), 'application/pdf')).toMatchObject({ status: 415 })
    expect(await refusal('contract', JPEG, null)).toEqual({ status: 415, message: 'Filen måste vara av typen PDF' })
    expect(await refusal('order_import', ELF, 'text/csv')).toEqual({ status: 415, message: 'Filen måste vara av typen CSV, XLSX' })
    expect(await refusal('order_import', PDF, null)).toMatchObject({ status: 415 })
    // Text with a NUL byte is not a CSV file, whatever it is called.
    expect(await refusal('order_import', Buffer.from('a;b\n\u0000c;d\n'), 'text/csv')).toMatchObject({ status: 415 })
  })

  it('refuses an empty file (400) and one over its kind’s size (413)', async () => {
    expect(await refusal('order_import', new Uint8Array(0), 'text/csv')).toEqual({ status: 400, message: 'Filen är tom' })
    const big = Buffer.alloc(FILE_KINDS.contract.maxBytes + 1, 0x20)
    PDF.copy(big)
    expect(await refusal('contract', big, 'application/pdf')).toEqual({ status: 413, message: 'Filen får vara högst 20 MB' })
    const checklist = Buffer.alloc(FILE_KINDS.checklist.maxBytes + 1, 7)
    JPEG.copy(checklist)
    expect(await refusal('checklist', checklist, 'image/jpeg')).toEqual({ status: 413, message: sv('validation.sale.fileTooLarge') })
  })

  it('explains every refusal of every kind in Swedish, English and Finnish', () => {
    for (const lang of LANGUAGES) {
      const t = translator(lang.code)
      for (const kind of FILE_KIND_NAMES) {
        for (const key of ['fileType', 'fileTooLarge', 'fileEmpty']) {
          const full = `${FILE_KINDS[kind].messages}.${key}`
          expect(t(full), `${lang.code} ${full}`).not.toBe(full)
        }
      }
    }
  })
})

describe('who reads a stored file', () => {
  const store = async (kind: FileKind, userId: string, data: Buffer, contentType: string) => {
    const id = randomUUID()
    await app.files.store({ id, kind, userId, name: 'fil', contentType, data, attached: true }, Date.now())
    return id
  }

  it('what a person uploaded as their own is theirs to read; anyone the area does not admit gets the 404 of a file that does not exist', async () => {
    const id = randomUUID()
    await app.files.store({ id, kind: 'guide', userId: seller.answer.userData.id, name: 'bild ö.pdf', contentType: 'application/pdf', data: PDF }, Date.now())
    const own = await app.request('GET', `/api/files/${id}`, { cookie: seller.cookie })
    expect(own.status).toBe(200)
    expect(own.res.headers.get('content-type')).toBe('application/pdf')
    expect(own.res.headers.get('content-disposition')).toBe(`attachment; filename="bild ?.pdf"; filename*=UTF-8''bild%20%C3%B6.pdf`)
    expect(own.res.headers.get('cache-control')).toBe('no-store')
    expect(own.res.headers.get('content-security-policy')).toContain('sandbox')
    expect(own.text).toBe(PDF.toString())
    // In no guide: a reader of guides is not admitted, and cannot tell it from a file that does not exist.
    const coach = await app.login('coach@demo.test')
    const other = await app.request('GET', `/api/files/${id}`, { cookie: coach.cookie })
    const missing = await app.request('GET', `/api/files/${randomUUID()}`, { cookie: coach.cookie })
    expect([other.status, other.json]).toEqual([missing.status, missing.json])
    expect((await app.request('GET', `/api/files/${id}`)).status).toBe(401)
    const malformed = await app.request('GET', '/api/files/not-a-file', { cookie: seller.cookie })
    expect(malformed.status).toBe(400)
    expect(malformed.json.fieldErrors).toEqual({ id: ['Ogiltigt format'] })
  })

  it('a file kept on someone’s behalf (a contract) is read under its kind’s policy, its owner included', async () => {
    const id = await store('contract', seller.answer.userData.id, PDF, 'application/pdf')
    expect((await app.request('GET', `/api/files/${id}`, { cookie: seller.cookie })).status).toBe(404)
  })

  it('a checklist is read by whoever the sales area admits: back office yes, a colleague no', async () => {
    expect(() => app.files.readPolicy('checklist', async () => true)).toThrow('already have a read policy')
    // Named by no sale: only the owner.
    const fileId = await store('checklist', seller.answer.userData.id, JPEG, 'image/jpeg')
    expect((await app.request('GET', `/api/files/${fileId}`, { cookie: seller.cookie })).status).toBe(200)
    expect((await app.request('GET', `/api/files/${fileId}`, { cookie: colleague.cookie })).status).toBe(404)
    expect((await app.request('GET', `/api/files/${fileId}`, { cookie: backoffice.cookie })).status).toBe(404)
    // Once a sale names it, back office may read it (the sale report is theirs to see); the colleague still not.
    const { db, t } = app.database
    const [sale] = await db.select({ id: t.sales.id }).from(t.sales).where(eq(t.sales.sellerId, seller.answer.userData.id)).limit(1)
    await db.update(t.sales).set({ checklistFileId: fileId }).where(eq(t.sales.id, sale!.id))
    expect((await app.request('GET', `/api/files/${fileId}`, { cookie: backoffice.cookie })).status).toBe(200)
    expect((await app.request('GET', `/api/files/${fileId}`, { cookie: colleague.cookie })).status).toBe(404)
  })

  it('storing the same id again is the same file for its owner and a conflict for anyone else', async () => {
    const id = randomUUID()
    const file = { id, kind: 'order_import' as const, userId: backoffice.answer.userData.id, name: 'ordrar.csv', contentType: 'text/csv', data: CSV }
    expect(await app.files.store(file, Date.now())).toBe('stored')
    expect(await app.files.store(file, Date.now())).toBe('existed')
    await expect(app.files.store({ ...file, userId: seller.answer.userData.id }, Date.now())).rejects.toMatchObject({ status: 409 })
  })

  it('any instance serves any file: a second server on the same database hands it over', async () => {
    const id = randomUUID()
    await app.files.store(
      { id, kind: 'order_import', userId: backoffice.answer.userData.id, name: 'ordrar.csv', contentType: 'text/csv', data: CSV },
      Date.now(),
    )
    const other = await bootDatabase({ ...app.env, demoMode: false })
    const deps = await createDeps(app.env, other)
    try {
      const second = createApp(deps)
      const res = await second.request(`${ORIGIN}/api/files/${id}`, { headers: { cookie: backoffice.cookie } })
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(CSV)).toBe(true)
    } finally {
      await deps.realtime.close()
      await other.close()
    }
  })
})
