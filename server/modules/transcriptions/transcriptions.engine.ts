import type { EngineSegment } from '../../../shared/rules/transcriptions'
import { refusalOf } from '../../lib/outside-failure'

/** What an engine answers for a recording: the language it heard, the length, the segments with their times. */
export type EngineAnswer = { language: string | null; duration: number | null; segments: EngineSegment[] }
export type SpeechEngine = { kind: 'openai'; model: string; transcribe(audio: Buffer, type: string, language: string, name: string): Promise<EngineAnswer> }

/** Whisper's verbose JSON names languages in English; the product's codes. */
const LANGUAGES: Record<string, string> = { swedish: 'sv', finnish: 'fi', english: 'en', sv: 'sv', fi: 'fi', en: 'en' }

type VerboseJson = {
  text?: string
  language?: string
  duration?: number
  segments?: Array<{ start: number; end: number; text: string; no_speech_prob?: number; avg_logprob?: number; speaker?: string }>
}

/**
 * An OpenAI-compatible `/audio/transcriptions` endpoint (docs/decisions/076): OpenAI's own, or a server an operator
 * runs beside the app (faster-whisper-server, LocalAI, whisper.cpp's server). The recording goes as multipart with
 * the model, the call's language and `verbose_json`, which carries each segment's times and how sure the engine is
 * that nobody spoke. A refusal or a timeout throws: the job tries again, then the transcription says it failed.
 */
export function openAiEngine(config: { url: string; key: string; model: string }, fetcher: typeof fetch = fetch): SpeechEngine {
  return {
    kind: 'openai',
    model: config.model,
    async transcribe(audio, type, language, name) {
      const form = new FormData()
      form.set('file', new Blob([new Uint8Array(audio)], { type }), name)
      form.set('model', config.model)
      form.set('language', language)
      form.set('response_format', 'verbose_json')
      form.append('timestamp_granularities[]', 'segment')
      const res = await fetcher(`${config.url}/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: config.key ? { authorization: `Bearer ${config.key}` } : {},
        signal: AbortSignal.timeout(10 * 60_000),
      })
      if (!res.ok) throw await refusalOf(res, 'the speech engine', 'to the recording')
      const body = (await res.json()) as VerboseJson
      const segments: EngineSegment[] = (body.segments ?? []).map((s) => ({
        start: s.start,
        end: s.end,
        text: s.text,
        ...(s.speaker ? { speaker: s.speaker } : {}),
        ...(s.no_speech_prob === undefined ? {} : { noSpeechProb: s.no_speech_prob }),
        ...(s.avg_logprob === undefined ? {} : { avgLogprob: s.avg_logprob }),
      }))
      // An engine that answers text only: one segment over the whole call.
      if (segments.length === 0 && body.text?.trim()) segments.push({ start: 0, end: body.duration ?? 0, text: body.text.trim() })
      return { language: body.language ? (LANGUAGES[body.language.toLowerCase()] ?? body.language) : null, duration: body.duration ?? null, segments }
    },
  }
}
