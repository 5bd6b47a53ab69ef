import { crc32, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'

/**
 * Hostile workbooks for the tests of the guarded table reader: each is what an attacker (or an unlucky export)
 * would upload, built here so nobody needs a binary fixture.
 */

/** A small, valid workbook whose first sheet has a header, `rows` rows, and one cell far right (column XFD). */
export async function wideWorkbook(rows = 3): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Ordrar')
  sheet.addRow(['Order number', 'Order date'])
  for (let i = 1; i <= rows; i++) sheet.addRow([`W-${i}`, '2026-01-01'])
  sheet.getCell('XFD1').value = 'x'
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** A zip of the given entries, each deflated, as a workbook is stored (local headers, central directory, end record). */
function zipOf(entries: Array<{ name: string; data: Buffer; declared?: number }>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data, declared } of entries) {
    const packed = deflateRawSync(data, { level: 9 })
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(declared ?? data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(declared ?? data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'

/**
 * A workbook-shaped zip bomb: a few hundred kilobytes whose first sheet unpacks to `unpackedBytes` (whitespace
 * inside the sheet's XML, which every reader would have to inflate and scan). `declaredBytes` makes its directory
 * lie about that size (an honest-looking small entry, or an alarming large one).
 */
export function workbookBomb(unpackedBytes: number, declaredBytes?: number): Uint8Array {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
  const tail = '</sheetData></worksheet>'
  const sheet = Buffer.alloc(unpackedBytes, 0x20)
  sheet.write(head, 0)
  sheet.write(tail, unpackedBytes - tail.length)
  return new Uint8Array(
    zipOf([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>') },
      { name: 'xl/worksheets/sheet1.xml', data: sheet, declared: declaredBytes },
    ]),
  )
}
