import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'

/**
 * OpenAI's API as its own OpenAPI description defines it (openai/openai-openapi, `openapi.json`; the components the
 * app's speech engine and assistant use are kept in ./openai/openapi-extract.json). The stand-ins of the tests check
 * every request the app sends, and every answer they make, against it: an OpenAI-compatible engine is one that keeps
 * to this, so the app is tested against the contract, not against a fake's own reading of it.
 */
const extract = JSON.parse(readFileSync(new URL('./openai/openapi-extract.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, object> }
}
/**
 * OpenAPI 3.0's `nullable` where the description has no `type` beside it (which JSON Schema cannot say) as what it
 * means: the schema, or null.
 */
function nullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullables)
  if (!node || typeof node !== 'object') return node
  const { nullable, ...rest } = node as Record<string, unknown>
  const walked = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, nullables(v)]))
  if (nullable !== true || 'type' in walked) return nullable === undefined ? walked : { ...walked, nullable }
  return { anyOf: [walked, { type: 'null' }] }
}
extract.components = nullables(extract.components) as typeof extract.components
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
// The description's own formats beyond JSON Schema's: a Unix time, a file's bytes.
ajv.addFormat('unixtime', true)
ajv.addFormat('binary', true)
ajv.addSchema({ $id: 'openai', components: extract.components })

type Schema = 'CreateTranscriptionRequest' | 'CreateTranscriptionResponseVerboseJson' | 'CreateChatCompletionRequest' | 'CreateChatCompletionResponse'

/** The reasons `value` is not as the description's schema says (none when it is). */
export function openaiProblems(schema: Schema, value: unknown): string[] {
  const validate = ajv.getSchema(`openai#/components/schemas/${schema}`)!
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

/** A transcription request's multipart fields as the description's object (`timestamp_granularities[]` as an array). */
export function transcriptionFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [name, value] of form.entries()) {
    const text = typeof value === 'string' ? value : `<${value.type} ${value.size} bytes>`
    if (name.endsWith('[]')) ((fields[name.slice(0, -2)] ??= []) as unknown[]).push(text)
    else fields[name] = text
  }
  return fields
}
