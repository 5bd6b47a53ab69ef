import type { Deps } from '../../platform/deps'
import { termsContext, type TermsPorts } from './terms.context'
import { termsVersions } from './terms.versions'
import { termsAnswers } from './terms.answers'

export { CURRENT_TERMS_CACHE_MS, type TermsPorts } from './terms.context'

/**
 * Terms of use (docs/decisions/039): an admin drafts a version (a text per language), edits it, and publishes it;
 * the newest published version is in force, and everyone active answers it at their next request (the API refuses
 * everything else until they do). Declining is recorded and signs the person out; they are asked again next time.
 */
export function termsService({ database }: Pick<Deps, 'database'>, ports: TermsPorts) {
  const ctx = termsContext({ database }, ports)
  const { list, one } = ctx
  return {
    versions: termsVersions(ctx),
    answers: termsAnswers(ctx),
    list,
    one,
  }
}

export type TermsService = ReturnType<typeof termsService>
