import { z } from 'zod'
import { BI_ENTITY_KINDS, biQuerySchema, type BiQuery } from '../../../shared/schemas/assistant'
import type { VocabularyEntry } from './parser'

/**
 * The optional engine (docs/decisions/053): any OpenAI-compatible chat API (`POST {base}/chat/completions`) asked
 * with one tool whose parameters are the BiQuery schema. Its call is parsed by the same zod schema and its ids must
 * be among the names the asker may see; anything else is refused, never run. When the API cannot be reached or
 * answers an error, the built-in parser's answer stands.
 */

export const TOOL_NAME = 'bi_query'

/** The tool's parameters: the query's JSON Schema, generated from the shared zod schema. */
export const TOOL_PARAMETERS = z.toJSONSchema(biQuerySchema, { io: 'input', unrepresentable: 'any' })

/** The most names a prompt lists (a manager's office has a few hundred people; the rest are left to the parser). */
const MAX_NAMES = 400

export type LlmAnswer = { kind: 'query'; query: BiQuery } | { kind: 'refused'; reason: string } | { kind: 'unavailable'; reason: string }

const responseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          tool_calls: z
            .array(z.object({ type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string() }) }))
            .optional()
            .nullable(),
        }),
      }),
    )
    .min(1),
})

export function llmEngine(config: { url: string; key: string; model: string }, fetchImpl: typeof fetch) {
  return {
    async ask(
      question: string,
      ctx: { today: string; vocabulary: readonly VocabularyEntry[]; previous?: BiQuery; language: 'sv' | 'en' | 'fi' },
    ): Promise<LlmAnswer> {
      const names = ctx.vocabulary.slice(0, MAX_NAMES).map((v) => `${v.kind}\t${v.id}\t${v.name}`)
      const system = [
        'You turn a sales organisation’s questions (Swedish, English or Finnish) into one call of the tool bi_query.',
        `Today is ${ctx.today}. Relative periods: offset 0 is the current unit, -1 the previous; "last N" counts the current one.`,
        'Filters take ids from this list of what the asker may see (kind, id, name); never invent an id:',
        ...names,
        ctx.previous ? `The previous question's query (a follow-up changes one part of it): ${JSON.stringify(ctx.previous)}` : '',
        'If the question is not about the data, do not call the tool.',
      ]
        .filter(Boolean)
        .join('\n')
      let response: Response
      try {
        response = await fetchImpl(`${config.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: question },
            ],
            tools: [
              {
                type: 'function',
                function: { name: TOOL_NAME, description: 'Answer the question with a chart of these figures.', parameters: TOOL_PARAMETERS },
              },
            ],
            tool_choice: 'auto',
          }),
          signal: AbortSignal.timeout(10_000),
        })
      } catch (error) {
        return { kind: 'unavailable', reason: String(error) }
      }
      if (!response.ok) return { kind: 'unavailable', reason: `HTTP ${response.status}` }
      const body = responseSchema.safeParse(await response.json().catch(() => null))
      if (!body.success) return { kind: 'unavailable', reason: 'not a chat completion' }
      const call = body.data.choices[0]!.message.tool_calls?.find((c) => c.function.name === TOOL_NAME)
      if (!call) return { kind: 'refused', reason: 'no tool call' }
      let args: unknown
      try {
        args = JSON.parse(call.function.arguments)
      } catch {
        return { kind: 'refused', reason: 'arguments are not JSON' }
      }
      const parsed = biQuerySchema.safeParse(args)
      if (!parsed.success) return { kind: 'refused', reason: 'arguments outside the schema' }
      // Only ids of what the asker may see: a name the model made up, or one of someone else's, is refused.
      const known = new Set(ctx.vocabulary.map((v) => `${v.kind}:${v.id}`))
      for (const kind of BI_ENTITY_KINDS) {
        for (const id of parsed.data.filters[kind] ?? []) if (!known.has(`${kind}:${id}`)) return { kind: 'refused', reason: `unknown ${kind} ${id}` }
      }
      return { kind: 'query', query: parsed.data }
    },
  }
}
