import type { Deps } from '../../platform/deps'
import { type AssistantPorts, type AssistantOptions, assistantBase } from './assistant.context-base'
import { assistantWords } from './assistant.words'
import { assistantRun } from './assistant.run'

/**
 * What the assistant's parts share: the base (the quota, the chat engine, the asker's scope), the words of an answer,
 * and the running of a query.
 */
export function assistantContext({ database, env }: Pick<Deps, 'database' | 'env'>, ports: AssistantPorts, opts: AssistantOptions = {}) {
  const base = assistantBase({ database, env }, ports, opts)
  const words = assistantWords(base)
  return { ...base, words, running: assistantRun(base, words) }
}
export type AssistantContext = ReturnType<typeof assistantContext>
