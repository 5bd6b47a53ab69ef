import { randomUUID } from 'node:crypto'
import type { CandidateLanguage, ContractKind, StepName, StepStatus } from '../../shared/schemas/candidates'
import { stageOf } from '../../shared/rules/candidates'
import type { Database, Db } from '../db/client'
import { candidateSearchText } from '../modules/candidates/candidates.context'

const DAY = 86_400_000

/** The contract templates a new organisation starts from (back office edits them under Contract templates). */
export const DEFAULT_CONTRACT_TEMPLATES: Array<{ kind: ContractKind; language: CandidateLanguage; title: string; body: string }> = [
  {
    kind: 'work',
    language: 'sv',
    title: 'Anställningsavtal – {{fullName}}',
    body: `Parter:

Arbetsgivare: {{organisation}}. Arbetstagare: {{fullName}}, personnummer {{personalNumber}}, {{address}}, {{postalCode}} {{city}}.

Anställningen:

Anställningen gäller som säljare i region {{region}} från och med {{startDate}}. Anställningen inleds med en provanställning om sex månader.

Arbetstid och lön:

Arbetstiden är heltid, 40 timmar i veckan. Lönen består av timlön och provision enligt gällande provisionsmodell. Lön betalas ut den 25:e varje månad till det konto arbetstagaren har uppgett.

Övrigt:

Arbetstagaren följer bolagets riktlinjer för försäljning, legitimation och kundbemötande. Avtalet är upprättat {{today}}.`,
  },
  {
    kind: 'work',
    language: 'en',
    title: 'Employment contract – {{fullName}}',
    body: `Parties:

Employer: {{organisation}}. Employee: {{fullName}}, identity number {{personalNumber}}, {{address}}, {{postalCode}} {{city}}.

Employment:

The employment is as a seller in the region {{region}} from {{startDate}}. It begins with a probationary period of six months.

Working hours and pay:

Full time, 40 hours a week. Pay is an hourly wage and commission under the commission model in force, paid on the 25th of each month to the account the employee has given.

Other terms:

The employee follows the company's guidelines for selling, identification and customer care. The contract was drawn up on {{today}}.`,
  },
  {
    kind: 'work',
    language: 'fi',
    title: 'Työsopimus – {{fullName}}',
    body: `Osapuolet:

Työnantaja: {{organisation}}. Työntekijä: {{fullName}}, henkilötunnus {{personalNumber}}, {{address}}, {{postalCode}} {{city}}.

Työsuhde:

Työsuhde on myyjän tehtävässä alueella {{region}} alkaen {{startDate}}. Työsuhteen alussa on kuuden kuukauden koeaika.

Työaika ja palkka:

Kokoaikainen, 40 tuntia viikossa. Palkka koostuu tuntipalkasta ja provisiosta voimassa olevan provisiomallin mukaan, ja se maksetaan kuun 25. päivä työntekijän ilmoittamalle tilille.

Muuta:

Työntekijä noudattaa yhtiön myynti-, tunnistautumis- ja asiakaspalveluohjeita. Sopimus on laadittu {{today}}.`,
  },
  {
    kind: 'education',
    language: 'sv',
    title: 'Utbildningsavtal – {{fullName}}',
    body: `Utbildningen:

{{fullName}} deltar i bolagets säljutbildning under de första fyra veckorna från {{startDate}}: produkter, försäljning på plats, regler för konsumentköp och kvalitetsuppföljning.

Åtaganden:

Bolaget står för utbildningen och materialet. Deltagaren genomför utbildningens moment och bekräftar de guider som ska läsas i appen.

Avtalet är upprättat {{today}}.`,
  },
  {
    kind: 'education',
    language: 'en',
    title: 'Education agreement – {{fullName}}',
    body: `The training:

{{fullName}} takes part in the company's sales training during the first four weeks from {{startDate}}: products, selling in the field, consumer sales rules and quality follow-up.

Commitments:

The company pays for the training and its material. The participant completes the training and confirms the guides that must be read in the app.

The agreement was drawn up on {{today}}.`,
  },
  {
    kind: 'education',
    language: 'fi',
    title: 'Koulutussopimus – {{fullName}}',
    body: `Koulutus:

{{fullName}} osallistuu yhtiön myyntikoulutukseen neljän ensimmäisen viikon aikana alkaen {{startDate}}: tuotteet, myynti kentällä, kuluttajakaupan säännöt ja laadun seuranta.

Sitoumukset:

Yhtiö vastaa koulutuksesta ja materiaalista. Osallistuja suorittaa koulutuksen osiot ja vahvistaa sovelluksessa luettavat oppaat.

Sopimus on laadittu {{today}}.`,
  },
]

type DemoCandidate = {
  first: string
  last: string
  daysAgo: number
  startInDays: number | null
  steps: Partial<Record<StepName, StepStatus>>
  language?: CandidateLanguage
  closed?: string
}

const CANDIDATES: DemoCandidate[] = [
  { first: 'Alva', last: 'Lindqvist', daysAgo: 1, startInDays: 21, steps: {} },
  { first: 'Noah', last: 'Bergström', daysAgo: 2, startInDays: 14, steps: { preonboarding: 'waiting_candidate' } },
  { first: 'Elsa', last: 'Åkesson', daysAgo: 4, startInDays: 10, steps: { preonboarding: 'done' } },
  { first: 'Hugo', last: 'Nyström', daysAgo: 6, startInDays: 7, steps: { preonboarding: 'done', work_contract: 'waiting_candidate' } },
  { first: 'Aino', last: 'Virtanen', daysAgo: 7, startInDays: 7, steps: { preonboarding: 'waiting_candidate' }, language: 'fi' },
  { first: 'Liam', last: 'Öhman', daysAgo: 9, startInDays: 3, steps: { preonboarding: 'done', work_contract: 'done' } },
  {
    first: 'Maja',
    last: 'Sjöberg',
    daysAgo: 12,
    startInDays: 0,
    steps: { preonboarding: 'done', work_contract: 'done', education_contract: 'done', accounts: 'done' },
  },
  { first: 'Oscar', last: 'Holm', daysAgo: 15, startInDays: null, steps: { preonboarding: 'waiting_candidate' }, closed: 'Tackade nej till tjänsten' },
]

/** The recruiter's candidates at every step (issue 44), and the contract templates back office starts from. */
export async function seedDemoCandidates(
  database: Database,
  tx: Db,
  now: number,
  opts: { recruiterId: string | null; regionId: string | null },
): Promise<void> {
  const { t } = database
  for (const tpl of DEFAULT_CONTRACT_TEMPLATES) {
    await tx.insert(t.contractTemplates).values({ id: randomUUID(), ...tpl, createdAt: now - 60 * DAY, updatedAt: now - 60 * DAY, updatedBy: null, version: 1 })
  }
  if (!opts.recruiterId || !opts.regionId) return
  for (const c of CANDIDATES) {
    const id = randomUUID()
    const at = now - c.daysAgo * DAY
    const email = `${c.first}.${c.last}`.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o') + '@example.test'
    const details = c.steps.preonboarding === 'done'
    const stage = stageOf(c.steps)
    await tx.insert(t.candidates).values({
      id,
      recruiterId: opts.recruiterId,
      regionId: opts.regionId,
      status: c.closed ? 'closed' : stage === 'onboarded' ? 'onboarded' : 'active',
      firstName: c.first,
      lastName: c.last,
      email,
      phone: '070-555 01 0' + String(c.daysAgo % 10),
      language: c.language ?? 'sv',
      startDate: c.startInDays === null ? null : new Date(now + c.startInDays * DAY).toISOString().slice(0, 10),
      step: stage,
      hasAdditionalInfo: details,
      workContractSentAt: c.steps.work_contract ? at + DAY : null,
      workContractSignedAt: c.steps.work_contract === 'done' ? at + 2 * DAY : null,
      educationContractSignedAt: c.steps.education_contract === 'done' ? at + 2 * DAY : null,
      onboardedAt: stage === 'onboarded' ? at + 3 * DAY : null,
      address: details ? 'Sveavägen 12' : null,
      postalCode: details ? '111 57' : null,
      city: details ? 'Stockholm' : null,
      favouriteCake: details ? 'Kanelbulle' : null,
      tshirtSize: details ? 'M' : null,
      shoeSize: details ? '41' : null,
      driversLicense: details ? true : null,
      closedAt: c.closed ? at + DAY : null,
      closedReason: c.closed ?? null,
      searchText: candidateSearchText({ firstName: c.first, lastName: c.last, email, phone: null }),
      createdAt: at,
      updatedAt: at,
    })
    for (const [step, status] of Object.entries(c.steps) as Array<[StepName, StepStatus]>) {
      await tx.insert(t.candidateSteps).values({
        candidateId: id,
        step,
        status,
        runs: 1,
        startedBy: opts.recruiterId,
        startedAt: at,
        finishedAt: status === 'done' ? at + DAY : null,
        detail: null,
        updatedAt: at,
      })
    }
  }
}
