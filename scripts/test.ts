import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/**
 * `npm test`: every check the project makes, in as little time as a 2-core machine allows, and a timing table at
 * the end so a CI log says where the time went.
 *
 * Phases that do not need each other run side by side, a stage at a time: the static checks, the unit tests and
 * the build; the API tests on SQLite and on PostgreSQL with the benchmarks' smoke run; then the end-to-end tests
 * in the browser (on the build). Each phase writes to its own log, printed whole when the phase ends, so the log
 * reads phase by phase. A failing phase does not stop the others (one run shows every failure), except that the
 * end-to-end tests need the build. The exit code is 1 when any phase failed.
 *
 * `npm test -- e2e api-sqlite` runs the named phases only (their stage order kept).
 */

type Phase = { name: string; command: string; needs?: string[]; env?: Record<string, string> }

const LOGS = path.resolve('.tmp/test-logs')
const E2E_REPORT = path.join(LOGS, 'e2e.json')
/** Vitest's arguments for a JSON report of each file's and test's time beside the usual output (docs/benchmarks.md). */
const vitestJson = (name: string) => `-- --reporter=default --reporter=json --outputFile.json=${path.join(LOGS, `${name}.json`)}`

const STAGES: Phase[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'eslint', command: 'npx eslint . --max-warnings=0' },
    { name: 'prettier', command: 'npx prettier --check --log-level warn .' },
    { name: 'import cycles', command: 'npm run check:cycles' },
    { name: 'unit', command: `npm run test:unit ${vitestJson('unit')}` },
    { name: 'build', command: 'npm run build && npm run check:size' },
  ],
  [
    { name: 'api sqlite', command: `npm run test:api ${vitestJson('api-sqlite')}` },
    { name: 'api postgresql', command: `npm run test:api:pg ${vitestJson('api-postgresql')}` },
    { name: 'bench smoke', command: 'npm run bench:smoke' },
  ],
  [{ name: 'e2e', command: 'npx playwright test --reporter=list,json', needs: ['build'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: E2E_REPORT } }],
]

type Result = { name: string; ok: boolean; skipped?: string; seconds: number }

function run(phase: Phase): Promise<Result> {
  const started = Date.now()
  const logFile = path.join(LOGS, `${phase.name.replace(/\W+/g, '-')}.log`)
  const log = fs.openSync(logFile, 'w')
  return new Promise((resolve) => {
    const child = spawn(phase.command, {
      shell: true,
      stdio: ['ignore', log, log],
      // eslint-disable-next-line no-restricted-properties -- the phases run with this process's environment
      env: { ...process.env, FORCE_COLOR: '0', ...phase.env },
      detached: true,
    })
    running.add(child.pid!)
    child.on('close', (code) => {
      running.delete(child.pid!)
      fs.closeSync(log)
      const seconds = (Date.now() - started) / 1000
      const ok = code === 0
      console.log(`\n━━━ ${phase.name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s ━━━`)
      process.stdout.write(fs.readFileSync(logFile, 'utf8'))
      resolve({ name: phase.name, ok, seconds })
    })
  })
}

/** Process groups still running: ended with this process (Ctrl-C, or CI giving up). */
const running = new Set<number>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    process.exit(130)
  })
}

/** The ten slowest end-to-end tests of the run, from Playwright's JSON report. */
function slowestE2e(): string[] {
  if (!fs.existsSync(E2E_REPORT)) return []
  type Suite = { suites?: Suite[]; specs?: Array<{ title: string; file: string; tests: Array<{ projectName: string; results: Array<{ duration: number }> }> }> }
  const report = JSON.parse(fs.readFileSync(E2E_REPORT, 'utf8')) as Suite
  const tests: Array<{ label: string; seconds: number }> = []
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) tests.push({ label: `[${t.projectName}] ${spec.file} › ${spec.title}`, seconds: r.duration / 1000 })
    for (const child of suite.suites ?? []) walk(child)
  }
  walk(report)
  return tests
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.label.length > 110 ? `${t.label.slice(0, 109)}…` : t.label}`)
}

/** What failed in a phase, from its JSON report (or the end of its log), so a CI log's last screen names it. */
function failures(name: string): string[] {
  const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text)
  const firstLine = (message = '') =>
    clip(
      stripVTControlCharacters(message)
        .split('\n')
        .find((l) => l.trim()) ?? '',
    )
  const vitest = path.join(LOGS, `${name.replace(/\s+/g, '-')}.json`)
  if (name !== 'e2e' && fs.existsSync(vitest)) {
    type Report = {
      testResults: Array<{ name: string; message?: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>
    }
    const report = JSON.parse(fs.readFileSync(vitest, 'utf8')) as Report
    const lines: string[] = []
    for (const file of report.testResults) {
      const rel = path.relative(process.cwd(), file.name)
      const failed = file.assertionResults.filter((t) => t.status === 'failed')
      for (const t of failed) lines.push(`${rel} › ${clip(t.fullName)}`, `    ${firstLine(t.failureMessages?.[0])}`)
      if (!failed.length && file.message) lines.push(`${rel}`, `    ${firstLine(file.message)}`)
    }
    if (lines.length) return lines
  }
  if (name === 'e2e' && fs.existsSync(E2E_REPORT)) {
    type Suite = {
      suites?: Suite[]
      specs?: Array<{
        title: string
        file: string
        tests: Array<{ projectName: string; results: Array<{ status: string; error?: E2eError; errors?: E2eError[] }> }>
      }>
    }
    type E2eError = { message?: string; location?: { file: string; line: number } }
    // Each error with the line it stopped at and what it was waiting for: a timed-out test's first error says only
    // that the time ran out; the next one names the step (a click, a goto, an expect) still pending then.
    const described = (e: E2eError) => {
      const waiting = stripVTControlCharacters(e.message ?? '')
        .split('\n')
        .find((l) => /waiting for|Expected|Received/.test(l))
      const at = e.location ? ` (${path.relative(process.cwd(), e.location.file)}:${e.location.line})` : ''
      return [`    ${firstLine(e.message)}${at}`, ...(waiting ? [`      ${clip(waiting.trim())}`] : [])]
    }
    const lines: string[] = []
    const walk = (suite: Suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests)
          for (const r of t.results)
            if (r.status === 'failed' || r.status === 'timedOut')
              lines.push(
                `[${t.projectName}] ${spec.file} › ${clip(spec.title)} (${r.status})`,
                ...(r.errors?.length ? r.errors : [r.error ?? {}]).flatMap(described),
              )
      for (const child of suite.suites ?? []) walk(child)
    }
    walk(JSON.parse(fs.readFileSync(E2E_REPORT, 'utf8')) as Suite)
    if (lines.length) return lines
  }
  const log = path.join(LOGS, `${name.replace(/\W+/g, '-')}.log`)
  if (!fs.existsSync(log)) return []
  return fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-15).map(clip)
}

const wanted = process.argv.slice(2)
const stages = wanted.length ? STAGES.map((s) => s.filter((p) => wanted.includes(p.name.replace(/\s+/g, '-')) || wanted.includes(p.name))) : STAGES
fs.rmSync(LOGS, { recursive: true, force: true })
fs.mkdirSync(LOGS, { recursive: true })

const started = Date.now()
const results: Result[] = []
for (const stage of stages.filter((s) => s.length)) {
  const stageStarted = Date.now()
  const outcomes = await Promise.all(
    stage.map((phase) => {
      const missing = (phase.needs ?? []).filter((need) => results.some((r) => r.name === need && !r.ok))
      if (missing.length) return Promise.resolve<Result>({ name: phase.name, ok: false, skipped: `${missing.join(', ')} failed`, seconds: 0 })
      return run(phase)
    }),
  )
  results.push(...outcomes)
  console.log(`\n(stage of ${stage.map((p) => p.name).join(', ')}: ${((Date.now() - stageStarted) / 1000).toFixed(0)} s)`)
}
const total = (Date.now() - started) / 1000

console.log('\n┏━━ npm test: where the time went ━━')
for (const r of results)
  console.log(`┃ ${r.name.padEnd(16)} ${r.skipped ? `skipped (${r.skipped})` : `${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'passed' : 'FAILED'}`}`)
console.log(`┃ ${'total'.padEnd(16)} ${total.toFixed(0).padStart(5)} s  (${(total / 60).toFixed(1)} min; phases of a stage run side by side)`)
const slowest = slowestE2e()
if (slowest.length) {
  console.log('┃\n┃ the 10 slowest end-to-end tests:')
  for (const line of slowest) console.log(`┃ ${line}`)
}
console.log('┗━━')
const failed = results.filter((r) => !r.ok)
for (const r of failed.filter((f) => !f.skipped)) {
  console.log(`\n┏━━ ${r.name}: what failed ━━`)
  let lines: string[]
  try {
    lines = failures(r.name)
  } catch (err) {
    // The summary never hides the run's outcome: a report it cannot read is named, and the exit code stands.
    lines = [`(its report could not be read: ${String(err)})`]
  }
  for (const line of lines) console.log(`┃ ${line}`)
  console.log('┗━━')
}
if (failed.length) console.log(`\nFAILED: ${failed.map((r) => r.name).join(', ')}`)
process.exit(failed.length ? 1 : 0)
