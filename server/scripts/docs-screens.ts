import fs from 'node:fs'
import { renderScreensTable } from '../../shared/screens-doc'

/** Writes docs/screens.md from shared/routes.ts (npm run docs:screens). */
const doc = `# Screens

Every route of the spec (section 2) and the state of its screen. Generated from \`shared/routes.ts\` by
\`npm run docs:screens\`; a unit test fails when this file and the route table differ.

"title only" screens are registered, guarded and translated, and show their title inside their layout;
the issue named builds their content.

${renderScreensTable()}
`
fs.writeFileSync(new URL('../../docs/screens.md', import.meta.url), doc)
console.log('Wrote docs/screens.md')
