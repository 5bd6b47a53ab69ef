/**
 * The code's shape in figures (issue 73): where data handling, composition and area knowledge sit, and how close the
 * code is to its limits. Each line prints a figure and the goal it is read against; `--list NAME` prints the places
 * behind one figure (e.g. `--list spreads`); `--quick` leaves out the slow two. Read-only; run with
 * `npm run measure:shape` (or `npx tsx scripts/shape.ts --quick --list spreads`).
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { ESLint } from 'eslint'

const ROOT = process.cwd()
const isTest = (p: string) => /\.(test|spec)\.tsx?$/.test(p)

function filesUnder(dir: string, keep: (p: string) => boolean = () => true): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.tsx?$/.test(name) && keep(relative(ROOT, p))) out.push(relative(ROOT, p))
    }
  }
  walk(join(ROOT, dir))
  return out
}

/** Every line of `files` that matches `pattern`, as `path:line: text`. */
function matches(files: string[], pattern: RegExp): string[] {
  const every = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g')
  const out: string[] = []
  for (const f of files) {
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const _ of line.matchAll(every)) out.push(`${f}:${i + 1}: ${line.trim()}`)
      })
  }
  return out
}

const clientProduct = filesUnder('client', (p) => !isTest(p))
const featureScreens = clientProduct.filter((p) => /^client\/features\/[^/]+\/(routes|components)\//.test(p))
const serverModules = filesUnder('server/modules', (p) => !isTest(p))
const serverProduct = filesUnder('server', (p) => !isTest(p))
const clientTests = filesUnder('client', isTest)

/** A query, mutation or cache change: what belongs in a feature's api/ hooks. */
const DATA_CALL =
  /\b(useQuery|useSuspenseQuery|useQueries|useInfiniteQuery|useMutation)\(|\.(invalidateQueries|setQueryData|removeQueries|refetchQueries|resetQueries)\(/
/** A part of an area spread into another object: `...part(ctx)`. */
const PART_SPREAD = /\.\.\.[a-z][A-Za-z]*\((ctx|area|base|c[0-9]|deps|context|shared)\b/

async function longFunctions(): Promise<string[]> {
  const eslint = new ESLint({
    overrideConfig: { rules: { 'max-lines-per-function': ['warn', { max: 130, skipBlankLines: true, skipComments: true }] } },
  })
  const results = await eslint.lintFiles(['client', 'server', 'shared', 'sw'])
  const out: string[] = []
  for (const r of results) {
    const p = relative(ROOT, r.filePath)
    if (isTest(p) || /\/(seed|i18n)\//.test(p)) continue
    for (const m of r.messages) if (m.ruleId === 'max-lines-per-function') out.push(`${p}:${m.line}: ${m.message}`)
  }
  return out
}

type Figure = { name: string; label: string; goal: string; places: string[] | number | null }
/** `--quick`: without the functions' lengths (ESLint over the tree, about a minute) and the duplicates. */
const QUICK = process.argv.includes('--quick')

async function figures(): Promise<Figure[]> {
  const middleware = 'server/composition/api-middleware.ts'
  const salesRoutes = readdirSync('client/features/sales/routes').filter((f) => /(time-report|checkout|sick|salary)/.test(f) && !isTest(f))
  const kitTests = filesUnder('client/components/ui', (p) => /\.test\.tsx$/.test(p))
  const testLines = clientTests.reduce((sum, f) => sum + readFileSync(f, 'utf8').split('\n').length, 0)
  return [
    { name: 'data', label: 'query/mutation/invalidation calls outside api/', goal: '≤ 30', places: matches(featureScreens, DATA_CALL) },
    {
      name: 'field-errors',
      label: 'hand-made field-error mappings',
      goal: '0',
      places: matches(
        clientProduct.filter((p) => p !== 'client/lib/api-client.ts'),
        /\.body\??\.fieldErrors/,
      ),
    },
    { name: 'busy', label: 'setBusy( in the client', goal: '≤ 15', places: matches(clientProduct, /\bsetBusy\(/) },
    { name: 'spreads', label: 'spreads of parts in server/modules', goal: '≤ 10', places: matches(serverModules, PART_SPREAD) },
    { name: 'intermediates', label: '`const c1 =` style intermediates', goal: '0', places: matches(serverProduct, /\bconst c[0-9]+ =/) },
    {
      name: 'paths',
      label: `area path tests in ${middleware}`,
      goal: '≤ 1',
      places: matches([middleware], /\.path\b.*(startsWith|===|match)|startsWith\('\/api\//),
    },
    {
      name: 'sync-sale',
      label: 'sale mutation in client/lib/sync-engine.ts',
      goal: '0',
      places: matches(['client/lib/sync-engine.ts'], /createSale|correctSale|checklistFileId/),
    },
    { name: 'phone-screens', label: 'time/checkout/sickness/salary screens in features/sales/routes', goal: '0', places: salesRoutes },
    { name: 'never', label: 'server `as never`', goal: '≤ 20', places: matches(serverProduct, /\bas never\b/) },
    { name: 'functions', label: 'functions of 131–150 lines', goal: '≤ 25', places: QUICK ? null : await longFunctions() },
    { name: 'test-lines', label: 'client test lines', goal: '≥ 3,000', places: testLines },
    { name: 'kit-tests', label: 'kit component test files', goal: '≥ 10', places: kitTests },
  ]
}

const list = process.argv.indexOf('--list') >= 0 ? process.argv[process.argv.indexOf('--list') + 1] : null
for (const f of await figures()) {
  const n = f.places === null ? '–' : typeof f.places === 'number' ? f.places : f.places.length
  if (list === f.name && Array.isArray(f.places)) f.places.forEach((p) => console.log(p))
  else if (!list) console.log(`${f.name.padEnd(14)} ${String(n).padStart(6)}  ${f.label} (goal ${f.goal})`)
}
/**
 * The product code's pairs that the duplicates tool does not mark boilerplate (issue 73's figure): the tracked
 * sources of client, server, shared, sw and scripts copied aside without tests, generated migrations, the schema's
 * table definitions, the translation catalogues, the demo seed and vendored code (decision 078's reading).
 */
function productPairs(): { notBoilerplate: number; rows: number } {
  const skip = /\.(test|spec)\.tsx?$|\/test\/|^server\/db\/migrations\/|^server\/db\/schema\/|^shared\/i18n\/|\/seed\/|\/vendor\//
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'client', 'server', 'shared', 'sw', 'scripts'], {
    encoding: 'utf8',
  })
  const dir = mkdtempSync(join(tmpdir(), 'shape-'))
  try {
    for (const f of tracked.split('\n').filter((f) => f && !skip.test(f) && existsSync(f))) {
      mkdirSync(join(dir, dirname(f)), { recursive: true })
      copyFileSync(f, join(dir, f))
    }
    const out = execFileSync('duplicates', ['--repo', dir, '--most', '200', '--seconds', '120'], { encoding: 'utf8' }).split('\n')
    const rows = out.filter((l) => /^D\d+ /.test(l))
    return { notBoilerplate: rows.filter((l) => !/ boilerplate\b/.test(l)).length, rows: rows.length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (!list && !QUICK) {
  try {
    const head = execFileSync('duplicates', ['--seconds', '120'], { encoding: 'utf8' }).split('\n')[0]
    console.log(`duplicates     ${head} (read without generated migrations, tables and catalogues: docs/decisions/078)`)
    const product = productPairs()
    // The tool lists boilerplate rows last: 200 rows none of them boilerplate means at least that many.
    const n = product.rows === 200 && product.notBoilerplate === 200 ? '≥ 200' : String(product.notBoilerplate)
    console.log(`product-pairs  ${n.padStart(6)}  product-code pairs not marked boilerplate (goal ≤ 120)`)
  } catch {
    console.log('duplicates     (the duplicates tool is not on this machine)')
  }
}
