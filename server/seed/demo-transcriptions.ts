import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { checkScript, redact, segmentsFromText } from '../../shared/rules/transcriptions'
import type { Database, Db } from '../db/client'

/**
 * The demo's seller transcriptions (decision 076): a provider's script and three calls typed in as text (the demo has
 * no speech engine), one of them missing the written-confirmation sentence, so the list, a call and its checks show
 * what they do.
 */
export async function seedDemoTranscriptions(database: Database, tx: Db, now: number, refs: { authorId: string | null; sellerEmails: string[] }) {
  const { t } = database
  const [provider] = await tx.select({ id: t.providers.id }).from(t.providers).where(eq(t.providers.name, 'Tryggt Hem Larm'))
  const sellers = await tx
    .select({ id: t.users.id, teamId: t.users.teamId, officeId: t.users.officeId, teamOffice: t.teams.officeId })
    .from(t.users)
    .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
    .where(inArray(t.users.email, refs.sellerEmails))
  if (!provider || !refs.authorId || sellers.length === 0) return
  const must = [
    { id: 'company', text: 'ringer från Säljkraft' },
    { id: 'provider', text: 'på uppdrag av Tryggt Hem' },
    { id: 'written', text: 'bekräftelse skriftligen' },
  ]
  const mustNot = [{ id: 'free', text: 'helt gratis' }]
  await tx
    .insert(t.transcriptionScripts)
    .values({ id: randomUUID(), providerId: provider.id, must, mustNot, version: 1, updatedById: refs.authorId, createdAt: now, updatedAt: now })
  const calls = [
    '[00:00] Säljare: Hej, jag heter Anna och ringer från Säljkraft på uppdrag av Tryggt Hem Larm.\n[00:06] Kund: Jaha, hej.\n[00:09] Säljare: Vi har ett erbjudande på hemlarm, har du ett par minuter?\n[00:14] Kund: Visst.\n[00:40] Säljare: Du får en bekräftelse skriftligen som du godkänner innan avtalet gäller.\n[00:48] Kund: Bra, då gör vi så.',
    '[00:00] Säljare: Hej! Jag ringer från Säljkraft på uppdrag av Tryggt Hem.\n[00:05] Kund: Hej.\n[00:20] Säljare: Larmet är helt gratis första året.\n[00:31] Kund: Okej, då tar jag det.',
    '[00:00] Säljare: God morgon, jag ringer från Säljkraft på uppdrag av Tryggt Hem Larm.\n[00:07] Kund: Mitt personnummer är 811218-9876.\n[00:15] Säljare: Tack. Du får en bekräftelse skriftligen i dag.',
  ]
  await tx.insert(t.transcriptions).values(
    calls.map((text, i) => {
      const segments = segmentsFromText(text)
      const { checks, result } = checkScript(segments, { must, mustNot })
      return {
        id: randomUUID(),
        sellerId: sellers[i % sellers.length]!.id,
        teamId: sellers[i % sellers.length]!.teamId,
        officeId: sellers[i % sellers.length]!.officeId ?? sellers[i % sellers.length]!.teamOffice,
        saleId: null,
        orderId: null,
        providerId: provider.id,
        callAt: now - (i + 1) * 86_400_000,
        audioFileId: null,
        audioType: null,
        audioSize: null,
        durationSeconds: segments.at(-1)!.start + 5,
        language: 'sv',
        status: 'done' as const,
        engine: 'text',
        model: null,
        segments,
        searchText: redact(segments.map((s) => s.text).join(' ')).toLowerCase(),
        dropped: 0,
        checks,
        checkResult: result,
        error: null,
        createdById: refs.authorId!,
        version: 1,
        createdAt: now,
        updatedAt: now,
      }
    }),
  )
}
