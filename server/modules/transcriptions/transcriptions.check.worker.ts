import { checkScript, CheckTooLarge, type CheckResult, type ScriptCheck, type ScriptPhrase, type Segment } from '../../../shared/rules/transcriptions'

/**
 * Script checks off the main thread (server/lib/off-thread.ts): each call's segments against its provider's script.
 * A call's text is up to 200,000 characters and a script up to 60 phrases, so a check is up to seconds of work; a
 * text that would need more than the rule's bound answers `tooLarge` instead of a result.
 */
export type CheckTask = Array<{ segments: Segment[]; script: { must: ScriptPhrase[]; mustNot: ScriptPhrase[] } }>
export type CheckAnswer = Array<{ checks: ScriptCheck[]; result: CheckResult } | { tooLarge: true }>

export default function checkCalls(task: CheckTask): CheckAnswer {
  return task.map(({ segments, script }) => {
    try {
      return checkScript(segments, script)
    } catch (error) {
      if (error instanceof CheckTooLarge) return { tooLarge: true as const }
      throw error
    }
  })
}
