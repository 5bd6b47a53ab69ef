import fs from 'node:fs'
import xmlbuilder from 'xmlbuilder'
import { validateXML } from 'xmllint-wasm'

/**
 * PAXml 2.0, the Swedish payroll-import standard (www.paxml.se): where its schema lives and the check every payroll
 * file passes before anyone is offered it (decision 029). The schema is the official one, vendored beside this
 * file (and copied beside the bundled server by scripts/build-server.ts).
 */

/** The root's schema reference, as the specification's example writes it. */
export const PAXML_ROOT_ATTRIBUTES = {
  'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  'xsi:noNamespaceSchemaLocation': 'http://www.paxml.se/2.0/paxml.xsd',
} as const

let schema: string | undefined
function paxmlSchema(): string {
  schema ??= fs.readFileSync(new URL('./paxml-2.0.xsd', import.meta.url), 'utf8')
  return schema
}

/**
 * The ways a PAXml document breaks the official schema, as libxml2 (xmllint, in WebAssembly, in its own worker
 * thread) words them, at most `limit` of them; empty when it is valid.
 */
export async function paxmlProblems(document: string | Uint8Array, limit = 5): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'paxml.xml', contents: document }],
    schema: [{ fileName: 'paxml-2.0.xsd', contents: paxmlSchema() }],
    // A month of a large organisation is tens of megabytes; the memory grows to what it needs, up to 2 GiB.
    maxMemoryPages: 32_768,
    // Read as a stream (libxml2's reader validates as it goes): the memory is the schema's, not the document's.
    stream: true,
  })
  return result.valid ? [] : result.errors.slice(0, limit).map((e) => e.rawMessage.trim())
}

/** A day's presence or absence in hours, under the payroll system's time code. */
export type PaxmlTime = { employeeId: string; code: string; date: string; hours: number }
/** A pay line (commission, per diem, extra income): a quantity, an amount in öre, or both. */
export type PaxmlPay = { employeeId: string; code: string; text: string; date: string; quantity: number | null; amountOre: number | null }

const kr = (ore: number) => (ore / 100).toFixed(2)

/**
 * A PAXml 2.0 document written as it goes (xmlbuilder's streaming document: a node is handed to `out` in blocks of
 * about 256 KB as the next one starts; nothing is kept): the header (format LÖNIN, the export's time with its
 * offset, `Lön <month>`), the organisation's own codes FR1–9 with their names, then the time transactions and the
 * pay transactions, each section opened when its first line comes. Not pretty-printed: the streaming writer would
 * put every value on a line of its own, which the schema's length and enumeration facets refuse.
 */
export function paxmlWriter(
  out: (block: string) => Promise<void>,
  head: { month: string; exportedAt: string; ownCodes: ReadonlyArray<{ code: string; name: string }> },
) {
  let pieces: string[] = []
  let size = 0
  const xml = xmlbuilder.begin({ writer: { pretty: false } }, (chunk: string) => {
    pieces.push(chunk)
    size += chunk.length
  })
  const flush = async (force = false) => {
    if (!force && size < 256 * 1024) return
    const block = pieces.join('')
    pieces = []
    size = 0
    await out(block)
  }
  xml.dec('1.0', 'UTF-8').ele('paxml', PAXML_ROOT_ATTRIBUTES)
  xml.ele('header')
  xml.ele('format', 'LÖNIN').up()
  xml.ele('version', '2.0').up()
  xml.ele('datum', head.exportedAt).up()
  xml.ele('programnamn', 'Säljkraft').up()
  xml.ele('info', `Lön ${head.month}`).up()
  xml.up()
  // The organisation's own codes (FR1–9), each once (the first name given for it).
  const own = head.ownCodes.filter((c, i, all) => /^FR[1-9]$/.test(c.code) && all.findIndex((o) => o.code === c.code) === i)
  if (own.length) {
    xml.ele('koder')
    for (const c of own) xml.ele('kod', { id: c.code, namn: c.name }).up()
    xml.up()
  }
  let section: 'none' | 'time' | 'pay' = 'none'
  let postid = 0
  const open = (want: 'time' | 'pay') => {
    if (section === want) return
    if (section !== 'none') xml.up()
    xml.ele(want === 'time' ? 'tidtransaktioner' : 'lonetransaktioner')
    section = want
  }
  return {
    /** Presence and absence per day in hours (the specification: a date range goes only with a percentage). */
    async time(line: PaxmlTime) {
      open('time')
      xml.ele('tidtrans', { anstid: line.employeeId, postid: String(++postid) })
      xml.ele('tidkod', line.code).up()
      xml.ele('datum', line.date).up()
      xml.ele('timmar', String(line.hours)).up()
      xml.up()
      await flush()
    },
    async pay(line: PaxmlPay) {
      open('pay')
      xml.ele('lonetrans', { anstid: line.employeeId, postid: String(++postid) })
      xml.ele('lonkod', line.code).up()
      xml.ele('benamning', line.text.slice(0, 60)).up()
      xml.ele('datum', line.date).up()
      if (line.quantity !== null) xml.ele('antal', String(line.quantity)).up()
      if (line.amountOre !== null) xml.ele('belopp', kr(line.amountOre)).up()
      xml.up()
      await flush()
    },
    /** Closes the open section and the document, and hands over what is left. */
    async end() {
      if (section !== 'none') xml.up()
      xml.up().end()
      await flush(true)
    },
  }
}
