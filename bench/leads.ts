import { eq } from 'drizzle-orm'
import { personalNumberOf } from '../shared/rules/identity'
import { DEFAULT_LEAD_CHOICES } from '../shared/rules/leads'
import { TRANSLATORS } from '../shared/i18n'
import { createDeps } from '../server/platform/deps'
import { assembleAreas } from '../server/composition/areas'
import { benchDatabase, reportTargets, sized } from './lib'

/**
 * `npm run bench:leads` — a 200,000-row lead list (issue 47, docs/decisions/075) from upload to the file in Downloads,
 * on the database the server is configured for (`DATA_DIR`, or `DATABASE_URL`) after `npm run seed -- --scale large`
 * (its customer register is what the list is checked against). The list is what a data broker sends: semicolons,
 * Windows-1252 (å, ä, ö), a name, a personal number, a mobile and a fixed number, an address; about 2 % of numbers
 * invalid, 1 % of rows repeated, some numbers the NIX answer (5,000 numbers) lists. Timed: the upload (read through
 * once), and the run from the request until its file is stored; the process's resident memory sampled every 20 ms.
 * Targets: the run under 60 s, memory growth (peak less the memory before the upload) under 300 MB.
 */
const ROWS = sized(200_000, 2_000)
const MB = 1024 * 1024
const { env, database } = await benchDatabase()
const { db, t } = database
const deps = await createDeps(env, database, { events: { pollMs: 1000 }, jobs: { pollMs: 50, concurrency: 1 } })
const areas = assembleAreas(deps)
deps.jobs.start()

const FIRST = ['Åsa', 'Björn', 'Märta', 'Örjan', 'Karin', 'Lars', 'Eva', 'Per', 'Ingrid', 'Jonas']
const LAST = ['Öberg', 'Ek', 'Sjöström', 'Lindqvist', 'Häggström', 'Nilsson', 'Åberg', 'Johansson']
const CITIES = [
  ['Stockholm', '08', '11'],
  ['Göteborg', '031', '41'],
  ['Malmö', '040', '21'],
  ['Umeå', '090', '90'],
] as const

/** The list as a broker sends it, in Windows-1252 (every character here is in it: one byte each). */
function brokerList(rows: number): Buffer {
  const lines = ['Namn;Personnummer;Mobil;Telefon;Gatuadress;Postnr;Ort']
  for (let i = 0; i < rows; i++) {
    const n = i % 97 === 0 && i > 0 ? i - 1 : i // about 1 % repeated rows
    const [city, area, zip] = CITIES[n % CITIES.length]!
    const birth = `19${String(40 + (n % 60)).padStart(2, '0')}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}`
    const mobile = n % 50 === 0 ? `070-${n % 1000}` : `07${[0, 2, 3, 6][n % 4]}-${String(1_000_000 + (n % 8_999_999)).slice(-7)}`
    const fixed = n % 3 === 0 ? `${area}-${String(100_000 + (n % 899_999))}${area.length === 2 ? '9' : ''}` : ''
    lines.push(
      [
        `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]}`,
        personalNumberOf(birth, String(Math.floor(n / 420) % 1000).padStart(3, '0')),
        mobile,
        fixed,
        `Storgatan ${1 + (n % 120)}`,
        `${zip}${String(100 + (n % 900))}`,
        city,
      ].join(';'),
    )
  }
  return Buffer.from(lines.join('\r\n'), 'latin1')
}

function nixAnswer(count: number): Buffer {
  const lines = ['Telefonnummer']
  for (let i = 0; i < count; i++) lines.push(`07${[0, 2, 3, 6][(i * 40) % 4]}${String(1_000_000 + ((i * 40) % 8_999_999)).slice(-7)}`)
  return Buffer.from(lines.join('\n'))
}

const [desk] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'backoffice@demo.test'))
const actorId = desk?.id ?? (await db.select({ id: t.users.id }).from(t.users).limit(1))[0]!.id
const translate = TRANSLATORS.sv

try {
  const file = brokerList(ROWS)
  console.log(`bench:leads on ${database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${ROWS} rows, ${(file.length / MB).toFixed(1)} MB`)
  ;(globalThis as { gc?: () => void }).gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const uploading = performance.now()
  const list = await areas.leads.upload(
    actorId,
    { campaign: `Bench ${Date.now()}`, country: 'SE' },
    { name: 'bench.csv', contentType: 'text/csv', data: file },
    translate,
  )
  const uploadSeconds = (performance.now() - uploading) / 1000
  await areas.leads.setNix(actorId, list.id, { name: 'nix.csv', contentType: 'text/csv', data: nixAnswer(sized(5_000, 50)) }, translate)
  const format = await areas.leads.fileFormats.saveFormat(
    actorId,
    null,
    {
      name: `Bench ${Date.now()}`,
      fileType: 'csv',
      delimiter: ';',
      encoding: 'utf-8-bom',
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'phone1', header: 'Nummer 1' },
        { field: 'phone1Type', header: 'Typ 1' },
        { field: 'phone2', header: 'Nummer 2' },
        { field: 'identityNumber', header: 'Personnummer' },
        { field: 'address', header: 'Adress' },
        { field: 'postalCode', header: 'Postnummer' },
        { field: 'city', header: 'Ort' },
        { field: 'customer', header: 'Kund' },
        { field: 'problems', header: 'Problem' },
      ],
    },
    translate,
  )
  const running = performance.now()
  await areas.leads.runs.run(
    actorId,
    list.id,
    { mapping: list.mapping, choices: DEFAULT_LEAD_CHOICES, formatId: format.id, saveMapping: false },
    translate,
    'sv',
  )
  let state = await areas.leads.get(list.id)
  while (state.status === 'queued' || state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50))
    state = await areas.leads.get(list.id)
  }
  const runSeconds = (performance.now() - running) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (state.status !== 'done') throw new Error(`the run ended ${state.status}: ${state.error ?? ''}`)
  const growth = Math.round((peak - baseline) / MB)
  const s = state.summary!
  console.table([
    {
      rows: s.rowsIn,
      out: s.rowsOut,
      invalid: s.dropped.invalid,
      nix: s.dropped.nix,
      duplicate: s.dropped.duplicate,
      customer: s.marked.customer,
      uploadS: Number(uploadSeconds.toFixed(1)),
      runS: Number(runSeconds.toFixed(1)),
      baselineMb: Math.round(baseline / MB),
      peakMb: Math.round(peak / MB),
      growthMb: growth,
    },
  ])
  reportTargets(
    [
      ...(runSeconds >= 60 ? [`the run took ${runSeconds.toFixed(1)} s (target 60 s)`] : []),
      ...(growth >= 300 ? [`memory grew by ${growth} MB (target 300 MB)`] : []),
    ],
    `${ROWS} rows in ${runSeconds.toFixed(1)} s (upload ${uploadSeconds.toFixed(1)} s), memory +${growth} MB: under 60 s and 300 MB.`,
  )
} finally {
  await deps.jobs.stop()
  await deps.events.stop()
  await database.close()
}
