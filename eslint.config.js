import fs from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importBoundaries } from './eslint-rules/import-boundaries.js'
import { areaTables, tableOwners } from './eslint-rules/area-tables.js'

/** Client features may not import each other: one zone per feature folder. */
const features = fs.existsSync('client/features')
  ? fs
      .readdirSync('client/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : []

/** Server areas: one folder each under server/modules. */
const serverModules = fs.existsSync('server/modules')
  ? fs
      .readdirSync('server/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : []

/**
 * `no-restricted-imports` blocks that let each library be imported only by the files that own it (tests may use
 * any of them to check what the app wrote). `owners` maps an import path to its owning file(s); `messages` is by
 * the path's package name.
 */
function onlyOwnersImport(owners, messages) {
  const entries = Object.entries(owners).map(([name, files]) => ({ name, files: [files].flat() }))
  const ownerFiles = [...new Set(entries.flatMap((e) => e.files))]
  const rule = (allowedFor) => [
    'error',
    {
      paths: entries.filter((e) => !e.files.includes(allowedFor)).map((e) => ({ name: e.name, message: messages[e.name.split('/')[0]] })),
    },
  ]
  const scope = ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'bench/**/*.ts']
  return [
    { files: scope, ignores: [...ownerFiles, '**/*.test.ts', 'server/test/**'], rules: { 'no-restricted-imports': rule(null) } },
    ...ownerFiles.map((file) => ({ files: [file], rules: { 'no-restricted-imports': rule(file) } })),
  ]
}

const zones = [
  // shared/ runs everywhere: it never imports the client, the server, the service worker or tests.
  { target: './shared', from: ['./client', './server', './sw', './e2e'], message: 'shared/ must not import client, server, sw or e2e code.' },
  {
    target: './client',
    from: ['./server', './e2e'],
    // The API's route types, for the typed client (hc): `import type` only, erased from the build.
    typeOnly: ['./server/api-type.ts'],
    message: 'The client talks to the server over HTTP only (its types: `import type` from server/api-type.ts).',
  },
  { target: './server', from: ['./client', './sw'], message: 'The server does not import client code.' },
  { target: './sw', from: ['./client', './server'], message: 'The service worker imports shared/ only.' },
  // Imports flow shared → client/features → client/app.
  { target: './client/features', from: ['./client/app'], message: 'Features do not import the app shell; routes compose features.' },
  { target: './client/components', from: ['./client/app', './client/features'], message: 'Shared components do not import features or the app shell.' },
  { target: './client/lib', from: ['./client/app', './client/features'], message: 'client/lib does not import features or the app shell.' },
  // The server's layers: db → lib → platform → modules → composition, seed → app.ts (docs/decisions/020, 065).
  {
    target: './server/db',
    from: ['./server/platform', './server/modules', './server/composition', './server/seed'],
    message: 'server/db imports no platform or area code.',
  },
  {
    target: './server/lib',
    from: ['./server/platform', './server/modules', './server/composition', './server/seed'],
    message: 'server/lib does not import the platform or the areas.',
  },
  {
    target: './server/platform',
    from: ['./server/modules', './server/composition', './server/seed'],
    message: 'The platform (events, jobs, activity log) knows no area; areas plug into it.',
  },
  {
    target: './server/modules',
    from: ['./server/composition', './server/app.ts', './server/seed'],
    message: 'Areas do not import the composition root or the seeds; they import the areas (server/composition/, server/seed/).',
  },
  ...features.map((name) => ({
    target: `./client/features/${name}`,
    from: ['./client/features'],
    // A feature's cache keys are its one published surface: another that changes its data invalidates through them.
    except: [`./client/features/${name}`, ...features.map((other) => `./client/features/${other}/api/${other}-keys`)],
    message: 'Client features do not import each other (only their api/<area>-keys.ts); move what they share to client/components, client/lib or shared/.',
  })),
]

/**
 * Areas do not import each other: what one asks another is a port answered in server/composition/areas.ts, and what one
 * must react to is an event. (Identity is the exception: areas may use the auth service.) Tests may reach
 * across to set up what they check.
 */
const areaZones = serverModules.map((name) => ({
  target: `./server/modules/${name}`,
  from: ['./server/modules'],
  except: [`./server/modules/${name}`, './server/modules/auth/auth.service'],
  message: 'Server areas do not import each other; answer the question through a port wired in server/composition/areas.ts, or react to an event.',
}))

/**
 * Size limits (issue 42): a file over 500 lines or a function over 150 is split by what it does (a service by
 * capability, a screen into its parts). Tests, data (the schema, seeds, translations) are exempt. Every other
 * file is held to them (warnings, which `npm test` fails on: eslint --max-warnings=0).
 */
const SIZE_LIMITS = { 'max-lines': ['warn', { max: 500 }], 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] }
/**
 * Whose each table is (docs/decisions/066): a schema file's tables are the area it is named for, except the identity
 * file's, which three areas share; the rate limiters' store is no area's.
 */
const TABLE_OWNERS = tableOwners('server/db/schema', {
  roles: 'users',
  users: 'users',
  userProviders: 'users',
  permissionRules: 'users',
  userTitles: 'users',
  externalAccountTemplates: 'users',
  externalAccounts: 'users',
  teamCoaches: 'org',
  sessions: 'auth',
  mfaTotp: 'auth',
  mfaRecoveryCodes: 'auth',
  loginChallenges: 'auth',
  identityProviders: 'auth',
  userIdentities: 'auth',
  identityProviderRoles: 'auth',
  // The rate limiters' store: each area's limiter keeps its counts there, under its own key prefix.
  rateLimits: null,
})
/** The reads of other areas' tables an area makes today (joins for a name or a place), written down: the list shrinks. */
const AREA_READS = {
  activity: ['activityLog', 'users'],
  auth: ['offices', 'permissionRules', 'roles', 'teamCoaches', 'teams', 'users'],
  game: ['sales'],
  org: ['roles', 'users'],
  pay: ['files', 'offices', 'saleStatusHistory', 'sales', 'teams', 'users'],
  profile: ['offices', 'roles', 'sessions', 'teams', 'users'],
  sales: ['activityLog', 'offices', 'providers', 'teams', 'users'],
  sync: ['teams', 'users'],
  'time-reports': ['offices', 'teams', 'users'],
  users: ['offices', 'regions', 'teamCoaches', 'teams'],
}
/** Writes into another area's tables: none should be here; the ones that are wait for a port (decision 066). */
const AREA_WRITES = {
  // A sign-in records its time on the user (`lastSignInAt`).
  auth: ['users'],
  // The person's own name, password and sessions from their profile: the users and auth areas' tables.
  profile: ['sessions', 'users'],
}

export default tseslint.config(
  {
    ignores: [
      'dist-server/**',
      'dist/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'server/test/references/*/**',
      'shared/search/vendor/snowball/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'import-boundaries': importBoundaries, 'area-tables': areaTables } } },
    rules: {
      'local/import-boundaries': ['error', { zones }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through server/env.ts.' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'shared/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'shared/i18n/**', 'server/db/schema/**', 'server/seed/**'],
    rules: SIZE_LIMITS,
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.test.ts'],
    rules: {
      'local/import-boundaries': ['error', { zones: [...zones, ...areaZones] }],
      'local/area-tables': ['error', { owners: TABLE_OWNERS, reads: AREA_READS, writes: AREA_WRITES }],
    },
  },
  {
    // Screens read the device store through their feature's store module (its reopen guard included); a screen's
    // test looks into the store to see what the screen wrote.
    files: ['client/features/*/routes/**/*.{ts,tsx}', 'client/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Read the device store through the feature’s store module (api/seller-store.ts).' },
            { name: 'dexie-react-hooks', message: 'Read the device store through the feature’s store module (api/seller-store.ts).' },
          ],
          patterns: [
            {
              group: ['**/lib/offline-db'],
              allowTypeImports: true,
              message: 'Screens take only types from offline-db; reads and writes go through the feature’s api/ modules.',
            },
          ],
        },
      ],
    },
  },
  // Files are read and written by one module each (decision 055): every CSV the app writes by the writer whose
  // cells neutralise formulas, every workbook by the XLSX writer, and every uploaded table by the guarded reader
  // (its worker thread, bounded in rows, columns, unpacked size, memory and time). One block per owner, so that
  // the owner of one library is still held to the others.
  ...onlyOwnersImport(
    {
      'csv-stringify': 'server/lib/csv-file.ts',
      'csv-stringify/sync': 'server/lib/csv-file.ts',
      exceljs: ['server/lib/xlsx-file.ts', 'server/lib/table-file.worker.ts', 'server/lib/table-stream.ts'],
      'csv-parse': ['server/lib/csv-table.ts', 'server/lib/table-stream.ts'],
      'csv-parse/sync': 'server/lib/csv-table.ts',
    },
    {
      'csv-stringify': 'Write a CSV with csvFile (server/lib/csv-file.ts) or toCsv (shared/rules/csv.ts).',
      exceljs: 'Write a workbook with xlsxFile (server/lib/xlsx-file.ts); read an upload with readTableFile (server/lib/table-file.ts).',
      'csv-parse': 'Read an upload with readTableFile (server/lib/table-file.ts), or a long one row by row with streamTable (server/lib/table-stream.ts).',
    },
  ),
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'shared/ runs in the browser too: no Node APIs.' }] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Cache keys come from the features' factories (api/<area>-keys.ts), so an invalidation names what a query
      // cached; a literal key drifts from the query it means.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take the query key from the feature’s key factory (api/<area>-keys.ts).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression',
          message: 'Take the query key from the feature’s key factory (api/<area>-keys.ts).',
        },
      ],
    },
  },
  {
    // The typed client's types hold in the features: a list call goes through getList/getWith, a form's field
    // through its own types; `as never` silences the check instead.
    files: ['client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take the query key from the feature’s key factory (api/<area>-keys.ts).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression',
          message: 'Take the query key from the feature’s key factory (api/<area>-keys.ts).',
        },
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'No `as never` in features: type the value (getList/getWith for queries).' },
      ],
    },
  },
  {
    // The first load and the plain login screen go without the component library (docs/decisions/014).
    files: [
      'client/main.tsx',
      'client/app/root-shell.tsx',
      'client/app/router.tsx',
      'client/features/auth/routes/login-page.tsx',
      'client/lib/{i18n,session,preferences,idle,field-error}.ts',
      'client/components/ui/loading.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@chakra-ui/react', message: 'Plain screens and the entry load without Chakra (docs/decisions/014).' }] },
      ],
    },
  },
  {
    files: ['*.config.ts', '*.config.js', 'playwright.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
)
