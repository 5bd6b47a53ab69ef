import type { Deps } from '../../platform/deps'
import { type AssistantPorts, type AssistantOptions } from './assistant.context-base'
import { assistantContext } from './assistant.context'
import { assistantAsk } from './assistant.ask'

export { type AssistantActor, type AssistantPorts, type AssistantOptions, measureValue, bucketLabel } from './assistant.context-base'

/**
 * The BI assistant (issue 21, docs/decisions/053): a question becomes a `BiQuery` (the built-in parser, or an
 * OpenAI-compatible chat API when configured), the query becomes reads of the areas' summaries within the asker's
 * rules, and the figures become an answer — a chart's labels and series, the query in words, the scope and the
 * statements run. Questions are counted per person and minute in the database (every instance shares the count).
 */
export function assistantService({ database, env }: Pick<Deps, 'database' | 'env'>, ports: AssistantPorts, opts: AssistantOptions = {}) {
  const ctx = assistantContext({ database, env }, ports, opts)
  return {
    asking: assistantAsk(ctx),
    legacyCutoff: env.assistant.legacyCutoff,
  }
}

export type AssistantService = ReturnType<typeof assistantService>
