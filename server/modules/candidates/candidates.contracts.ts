import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { TRANSLATORS } from '../../../shared/i18n'
import { fillTemplate, formatCandidateIdentity } from '../../../shared/rules/candidates'
import type { ContractKind, StepName } from '../../../shared/schemas/candidates'
import type { Db } from '../../db/client'
import type { CandidateRow, CandidatesContext } from './candidates.context'
import type { CandidateLinks } from './candidates.links'
import { sha256Hex } from './candidates.pdf'
import { docusealClient, type SubmissionInput } from './candidates.esign'
import { contractPdfs } from './candidates.pdf-thread'
import type { CandidatesPrivacy } from './candidates.privacy'
import type { StepRunner } from './candidates.steps'
import type { CandidatesTemplates } from './candidates.templates'

const STEP_OF: Record<ContractKind, StepName> = { work: 'work_contract', education: 'education_contract' }
/** The signer's role in the e-signing service's submission and its field tags (DocuSeal's first party). */
const ESIGN_ROLE = 'First Party'

/** A file id made from what the file is for, so a step run again stores the same file once. */
export function stableId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The values a contract's template fills in for a candidate (the organisation's name from the mail sender's). */
export function templateValues(candidate: CandidateRow, region: string, mailFrom: string, now: number) {
  return {
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    fullName: `${candidate.firstName} ${candidate.lastName}`,
    email: candidate.email,
    phone: candidate.phone,
    personalNumber: formatCandidateIdentity(candidate.personalNumber),
    address: candidate.address,
    postalCode: candidate.postalCode,
    city: candidate.city,
    startDate: candidate.startDate,
    region,
    organisation: mailFrom.replace(/<.*>/, '').trim() || 'Säljkraft',
    today: new Date(now).toISOString().slice(0, 10),
  }
}

/**
 * A contract as the e-signing service's submission: the same PDF with the candidate as its one signer, DocuSeal's own
 * e-mail in the candidate's language, the request expiring when the app's own links would.
 */
function submissionOf(
  candidate: CandidateRow,
  kind: ContractKind,
  title: string,
  organisation: string,
  contractId: string,
  pdf: Buffer,
  expiresAt: number,
): SubmissionInput {
  const tr = TRANSLATORS[candidate.language]
  return {
    expiresAt,
    name: title,
    pdf,
    documentName: `${title}.pdf`.slice(0, 200),
    contractId,
    candidateId: candidate.id,
    signer: { email: candidate.email, name: `${candidate.firstName} ${candidate.lastName}`, role: ESIGN_ROLE },
    message: {
      subject: tr('candidates.esignMail.subject', { contract: tr(`candidates.kinds.${kind}`) }),
      body: tr('candidates.esignMail.body', { name: candidate.firstName, link: '{{submitter.link}}', organisation }),
    },
  }
}

/**
 * Steps 2 and 3, the contracts (docs/decisions/070): a PDF from the template of the contract's kind in the candidate's
 * language, stored in the file module, sent for signing — in the app (a link to the candidate's signing page) or at a
 * DocuSeal-compatible service when one is configured. `markSigned` is the one way a contract becomes signed (the
 * signing page and the verified webhook call it, candidates.signing.ts).
 */
export function candidatesContracts(
  ctx: CandidatesContext,
  links: CandidateLinks,
  privacy: CandidatesPrivacy,
  { templateFor }: Pick<CandidatesTemplates, 'templateFor'>,
) {
  const { db, t, c, env, files, mail, ports, events, setStep, log } = ctx

  /** The step's outside work: the PDF (stored once per run), and the e-signing service's submission when configured. */
  async function prepare(candidate: CandidateRow, kind: ContractKind, run: { run: number; startedBy: string }) {
    const now = Date.now()
    const template = await templateFor(db, kind, candidate.language)
    if (!template) throw new Error(TRANSLATORS[candidate.language]('candidates.noTemplate'))
    const region = (await ports.placeNames(db, { regionIds: [candidate.regionId] })).get(candidate.regionId) ?? ''
    const fields = templateValues(candidate, region, env.mailFrom, now)
    const contractId = stableId('contract', candidate.id, kind, String(run.run))
    const fileId = stableId('contract-file', contractId)
    let bytes = await files.bytes(fileId)
    if (!bytes) {
      const title = fillTemplate(template.title, fields)
      const tr = TRANSLATORS[candidate.language]
      const pdf = await contractPdfs.contract({
        title,
        body: fillTemplate(template.body, fields),
        reference: contractId,
        at: now,
        author: fields.organisation,
        // At an e-signing service the signer signs where the document's text tags say (DocuSeal's field tags).
        signatureTags: env.onboarding.esign
          ? {
              heading: tr('candidates.signature.signHere'),
              role: ESIGN_ROLE,
              signature: tr('candidates.signature.signatureField'),
              date: tr('candidates.signature.dateField'),
            }
          : null,
      })
      await files.store(
        {
          id: fileId,
          kind: 'contract',
          userId: run.startedBy,
          name: `${title}.pdf`.slice(0, 200),
          contentType: 'application/pdf',
          data: Buffer.from(pdf),
          attached: true,
        },
        now,
      )
      bytes = (await files.bytes(fileId))!
    }
    const out: Record<string, string | number | boolean | null> = { contractId, fileId, sha256: sha256Hex(bytes), templateVersion: template.version }
    const esign = env.onboarding.esign
    if (esign) {
      const { linkDays } = await privacy.settings(db)
      const title = fillTemplate(template.title, fields)
      out.externalId = String(
        await docusealClient(esign).createSubmission(submissionOf(candidate, kind, title, fields.organisation, contractId, bytes, now + linkDays * 86_400_000)),
      )
    }
    return out
  }

  function runner(kind: ContractKind): StepRunner {
    return {
      outside: (candidate, run) => prepare(candidate, kind, run),
      async commit(tx, candidate, run, outside, now) {
        const o = outside as { contractId: string; fileId: string; sha256: string; templateVersion: number; externalId?: string }
        // An older unsigned contract of this kind is replaced by this one.
        await tx
          .update(t.candidateContracts)
          .set({ status: 'cancelled' })
          .where(and(eq(t.candidateContracts.candidateId, candidate.id), eq(t.candidateContracts.kind, kind), eq(t.candidateContracts.status, 'sent')))
        await tx.insert(t.candidateContracts).values({
          id: o.contractId,
          candidateId: candidate.id,
          kind,
          status: 'sent',
          fileId: o.fileId,
          sha256: o.sha256,
          templateVersion: o.templateVersion,
          signer: o.externalId ? 'esign' : 'builtin',
          externalId: o.externalId ?? null,
          signedFileId: null,
          signedSha256: null,
          audit: null,
          sentAt: now,
          signedAt: null,
          remindedAt: null,
          createdAt: now,
        })
        await tx
          .update(c)
          .set(kind === 'work' ? { workContractSentAt: now, reminderSentAt: null } : { educationContractId: o.contractId, reminderSentAt: null })
          .where(eq(c.id, candidate.id))
        let expiresAt: number | null = null
        if (!o.externalId) {
          const { linkDays } = await privacy.settings(tx)
          const link = await links.newLink(tx, candidate.id, 'sign', linkDays, now, o.contractId)
          expiresAt = link.expiresAt
          await mail.send(tx, {
            to: candidate.email,
            template: 'candidateContract',
            language: candidate.language,
            params: {
              name: candidate.firstName,
              link: `${run.origin}/candidate/${link.token}/sign`,
              days: linkDays,
              contract: TRANSLATORS[candidate.language](`candidates.kinds.${kind}`),
            },
          })
        }
        return { status: 'waiting_candidate', detail: { contractId: o.contractId, signer: o.externalId ? 'esign' : 'builtin', expiresAt } }
      },
    }
  }

  /** Who a contract's files belong to in the file module: the one who started its step. */
  async function ownerOf(fileId: string): Promise<string> {
    const meta = await files.describe(db, fileId)
    if (!meta) throw new Error(`contract file ${fileId} is missing`)
    return meta.userId
  }

  /** Marks a contract signed and the candidate's flag with it, ends its step and tells the recruiter: the one way a contract is signed. */
  async function markSigned(
    tx: Db,
    contract: typeof t.candidateContracts.$inferSelect,
    signed: { fileId: string | null; sha256: string | null; audit: Record<string, string | number | null> },
    now: number,
  ) {
    await tx
      .update(t.candidateContracts)
      .set({ status: 'signed', signedAt: now, signedFileId: signed.fileId, signedSha256: signed.sha256, audit: signed.audit })
      .where(eq(t.candidateContracts.id, contract.id))
    await tx
      .update(c)
      .set(contract.kind === 'work' ? { workContractSignedAt: now } : { educationContractSignedAt: now, educationContractId: contract.id })
      .where(eq(c.id, contract.candidateId))
    const [candidate] = await tx.select().from(c).where(eq(c.id, contract.candidateId))
    await setStep(tx, contract.candidateId, STEP_OF[contract.kind], { status: 'done' }, now)
    await log(tx, { at: now, actorId: null, candidateId: contract.candidateId, action: 'contract_signed', after: { step: STEP_OF[contract.kind] } })
    await events.record(
      tx,
      'candidate.contractSigned',
      { candidateId: contract.candidateId, recruiterId: candidate!.recruiterId, name: `${candidate!.firstName} ${candidate!.lastName}`, kind: contract.kind },
      { actorId: null, at: now },
    )
  }

  return { runners: { work_contract: runner('work'), education_contract: runner('education') }, markSigned, ownerOf }
}
export type CandidatesContracts = ReturnType<typeof candidatesContracts>
