import { businessDay } from '../../../shared/rules/work'
import { type BiChoice, type BiQuery, type BiReply } from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import { parseQuestion, measuresFor } from './parser'
import { type AssistantActor, type Engine } from './assistant.context-base'
import type { AssistantContext } from './assistant.context'

/** A question asked (understood by the parser or the chat API, within the quota) and a query run again as it is. */
export function assistantAsk(ctx: AssistantContext) {
  const { spend, ports, db, now, llm, complete } = ctx
  const { invalid, understoodText } = ctx.words
  const { run } = ctx.running
  return {
    /** A question in words: counted, understood (or asked about), run within the person's rules. */
    async ask(actor: AssistantActor, input: { question: string; previous?: BiQuery; legacy?: boolean }, t: Translator): Promise<BiReply> {
      await spend(actor)
      const vocabulary = await ports.vocabulary(db, actor)
      const today = businessDay(now())
      let engine: Engine = 'parser'
      let parsed = parseQuestion(input.question, { today, vocabulary, previous: input.previous })
      if (llm && input.question.trim().length > 0 && input.question.length <= 500) {
        const answer = await llm.ask(input.question, { today, vocabulary, previous: input.previous, language: actor.language })
        if (answer.kind === 'query') {
          engine = 'llm'
          parsed = { kind: 'query', query: answer.query, language: actor.language }
        } else if (answer.kind === 'refused') return invalid(t)
        // 'unavailable': the built-in parser's answer stands
      }
      switch (parsed.kind) {
        case 'invalid':
          return invalid(t)
        case 'clarify': {
          if (parsed.reason === 'measure') {
            const choices: BiChoice[] = measuresFor(parsed.partial).flatMap((measure) => {
              const query = complete(parsed.partial, { measure })
              return query ? [{ label: t(`assistant.measure.${measure}`), query }] : []
            })
            return { kind: 'clarify', message: t('assistant.clarifyMeasure'), understood: await understoodText(parsed.partial, t, actor.language), choices }
          }
          const choices: BiChoice[] = parsed.candidates.flatMap((candidate) => {
            const filters = { ...(parsed.partial.filters ?? {}), [candidate.kind]: [candidate.id] }
            const query = complete(parsed.partial, { measure: parsed.measure, filters })
            return query ? [{ label: `${candidate.name} (${t(`assistant.dimension.${candidate.kind}`)})`, query }] : []
          })
          return {
            kind: 'clarify',
            message: t('assistant.clarifyEntity', { text: parsed.text }),
            understood: await understoodText(parsed.partial, t, actor.language),
            choices,
          }
        }
        case 'query':
          return run(actor, parsed.query, t, engine, input.legacy ?? false, vocabulary)
      }
    },
    /** A structured query as it is (a choice offered, a saved statistic): counted and scoped like a question. */
    async runQuery(actor: AssistantActor, query: BiQuery, t: Translator, opts: { legacy?: boolean } = {}): Promise<BiReply> {
      await spend(actor)
      return run(actor, query, t, 'direct', opts.legacy ?? false)
    },
  }
}
