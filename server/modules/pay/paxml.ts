import fs from 'node:fs'
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
