import { eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { redact, type CheckResult, type ScriptCheck, type ScriptPhrase, type Segment } from '../../../shared/rules/transcriptions'
import type { TranscriptionDetail, TranscriptionItem } from '../../../shared/schemas/transcriptions'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import { OffThreadError, offThread } from '../../lib/off-thread'
import type { Deps } from '../../platform/deps'
import type { CheckAnswer, CheckTask } from './transcriptions.check.worker'
import { openAiEngine, type SpeechEngine } from './transcriptions.engine'

type Script = { must: ScriptPhrase[]; mustNot: ScriptPhrase[]; version: number }
/** A call's check as stored: its checks and result, or none with the reason it could not be made. */
export type Checked = { checks: ScriptCheck[] | null; checkResult: CheckResult | null; checkError: 'tooLarge' | null }
const NOT_CHECKED: Checked = { checks: null, checkResult: null, checkError: null }
const TOO_LARGE: Checked = { checks: null, checkResult: null, checkError: 'tooLarge' }

/** Script checks run beside the server: one at a time per process, 256 MiB, 30 s for a batch (docs/decisions/079). */
const checker = offThread<CheckTask, CheckAnswer>(new URL('./transcriptions.check.worker.ts', import.meta.url), { heapMb: 256, millis: 30_000, threads: 1 })

/** What the transcriptions area asks other areas (wired in server/composition/areas.ts). */
export type TranscriptionsPorts = {
  /** the sales area: whose the sale is, its provider, team and office */
  saleForTranscript(
    db: Db,
    saleId: string,
  ): Promise<{ sellerId: string; providerId: string; teamId: string | null; officeId: string | null; customerName: string } | null>
  /** the users area: a person's name, team and office */
  placesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; teamId: string | null; officeId: string | null }>>
  names(db: Db, ids: string[]): Promise<Map<string, string>>
  teamNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the organisation: the provider a team sells for */
  teamProvider(db: Db, teamId: string): Promise<string | null>
  /** the sales area: the providers a seller sold for on a day, the most sold first */
  providersSoldOn(db: Db, sellerId: string, day: string): Promise<string[]>
  /** the users area: the providers a person sells for (none: their team's) */
  sellerProviders(db: Db, userId: string): Promise<string[]>
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
  providerList(db: Db): Promise<Array<{ id: string; name: string }>>
}

export type TranscriptionRow = typeof import('../../db/schema/transcriptions').transcriptions.$inferSelect

/** The words the list's search reads: the text lower-cased, its sensitive numbers masked (they never enter it). */
export function searchTextOf(segments: readonly Segment[]): string {
  return redact(segments.map((s) => s.text).join(' ')).toLowerCase()
}

/** Whether the reader sees sensitive numbers in full: the named rule for identity numbers (decision 058). */
export const seesNumbers = (ability: AppAbility) => ability.can('view', 'identity_numbers')

/** What the transcriptions area's parts share: its tables, the engine, a row and its answers, the script's check. */
export function transcriptionsContext(
  { database, files, jobs, events, env }: Pick<Deps, 'database' | 'files' | 'jobs' | 'events' | 'env'>,
  ports: TranscriptionsPorts,
  engineOverride?: SpeechEngine | null,
) {
  const { db, t } = database
  const x = t.transcriptions
  const engine: SpeechEngine | null = engineOverride !== undefined ? engineOverride : env.transcribe ? openAiEngine(env.transcribe) : null

  async function row(id: string): Promise<TranscriptionRow> {
    const [found] = await db.select().from(x).where(eq(x.id, id))
    if (!found) throw notFound()
    return found
  }

  /** A provider's script (its phrases and version), or null when it has none to check. */
  async function scriptOf(tx: Db, providerId: string | null): Promise<Script | null> {
    if (!providerId) return null
    const [script] = await tx.select().from(t.transcriptionScripts).where(eq(t.transcriptionScripts.providerId, providerId))
    return script && script.must.length + script.mustNot.length > 0 ? { must: script.must, mustNot: script.mustNot, version: script.version } : null
  }

  /**
   * Calls' segments checked against a script, off the main thread and outside any transaction (docs/decisions/079):
   * each answer is the checks and their result, nothing when there is no script or no text, or `tooLarge` when the
   * text is beyond what a check may cost, by the rule's bound or the worker's time and heap (the call is then not
   * checked, never shown as passed or failed).
   */
  async function checkAll(script: Script | null, calls: ReadonlyArray<readonly Segment[]>): Promise<Checked[]> {
    const answers: Checked[] = calls.map(() => NOT_CHECKED)
    const wanted = script ? calls.flatMap((segments, i) => (segments.length > 0 ? [i] : [])) : []
    if (!script || wanted.length === 0) return answers
    const phrases = { must: script.must, mustNot: script.mustNot }
    const run = async (batch: number[]) => {
      const replies = await checker.run(batch.map((i) => ({ segments: [...calls[i]!], script: phrases })))
      replies.forEach((reply, n) => {
        answers[batch[n]!] = 'tooLarge' in reply ? TOO_LARGE : { checks: reply.checks, checkResult: reply.result, checkError: null }
      })
    }
    try {
      await run(wanted)
    } catch (error) {
      if (!(error instanceof OffThreadError)) throw error
      // Past the worker's time or heap: one call at a time, so that only a call beyond what a check may cost (as by
      // the rule's own bound) is left unchecked.
      for (const i of wanted)
        await run([i]).catch((e: unknown) => {
          if (!(e instanceof OffThreadError)) throw e
          answers[i] = TOO_LARGE
        })
    }
    return answers
  }

  /** Whether the script a check was made with is still the provider's (else the check is made again). */
  async function sameScript(tx: Db, providerId: string | null, script: Script | null): Promise<boolean> {
    return (await scriptOf(tx, providerId))?.version === script?.version
  }

  /** What `transcription.ready` says of a checked call: its result and the phrases it lacked or should not have had. */
  function ready(transcriptionId: string, saleId: string | null, checked: { checks: ScriptCheck[] | null; checkResult: CheckResult | null }) {
    const failed = (kind: ScriptCheck['kind']) => (checked.checks ?? []).filter((c) => c.kind === kind && !c.ok).map((c) => c.text)
    return { transcriptionId, saleId, result: checked.checkResult, missing: failed('must'), forbidden: failed('mustNot') }
  }

  async function names(rows: TranscriptionRow[]) {
    const [people, teams, providers] = await Promise.all([
      ports.names(db, [...new Set(rows.flatMap((r) => [r.sellerId, r.createdById]))]),
      ports.teamNames(db, [...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))]),
      ports.providerNames(db, [...new Set(rows.flatMap((r) => (r.providerId ? [r.providerId] : [])))]),
    ])
    return { people, teams, providers }
  }

  function item(r: TranscriptionRow, n: Awaited<ReturnType<typeof names>>, q: string | undefined): TranscriptionItem {
    const text = redact(r.segments.map((s) => s.text).join(' '))
    let hit: string | null = null
    if (q) {
      const at = text.toLowerCase().indexOf(q.toLowerCase())
      if (at >= 0) hit = `${at > 60 ? '…' : ''}${text.slice(Math.max(0, at - 60), at + q.length + 60)}${at + q.length + 60 < text.length ? '…' : ''}`
    }
    return {
      id: r.id,
      sellerName: n.people.get(r.sellerId) ?? '',
      teamName: r.teamId ? (n.teams.get(r.teamId) ?? null) : null,
      providerName: r.providerId ? (n.providers.get(r.providerId) ?? null) : null,
      callAt: r.callAt,
      durationSeconds: r.durationSeconds,
      language: r.language,
      status: r.status,
      checkResult: r.checkResult,
      excerpt: text.length > 140 ? `${text.slice(0, 140)}…` : text,
      hit,
      saleId: r.saleId,
    }
  }

  async function detail(r: TranscriptionRow, ability: AppAbility): Promise<TranscriptionDetail> {
    const n = await names([r])
    const full = seesNumbers(ability)
    const sale = r.saleId ? await ports.saleForTranscript(db, r.saleId) : null
    const { excerpt: _excerpt, hit: _hit, ...base } = item(r, n, undefined)
    return {
      ...base,
      sellerId: r.sellerId,
      teamId: r.teamId,
      providerId: r.providerId,
      orderId: r.orderId,
      saleCustomerName: sale?.customerName ?? null,
      segments: full ? r.segments : r.segments.map((s) => ({ ...s, text: redact(s.text) })),
      masked: !full,
      engine: r.engine,
      model: r.model,
      dropped: r.dropped,
      audio: r.audioFileId && r.audioType ? { type: r.audioType, size: r.audioSize ?? 0 } : null,
      checks: r.checks,
      checkError: r.checkError,
      error: r.error,
      createdByName: n.people.get(r.createdById) ?? '',
      createdAt: r.createdAt,
      version: r.version,
      may: {
        edit: ability.can('update', 'seller_transcriptions'),
        transcribeAgain: ability.can('update', 'seller_transcriptions') && r.status === 'failed' && !!r.audioFileId && !!engine,
      },
    }
  }

  return { database, db, t, x, files, jobs, events, ports, engine, row, scriptOf, checkAll, sameScript, ready, names, item, detail }
}

export type TranscriptionsContext = ReturnType<typeof transcriptionsContext>
