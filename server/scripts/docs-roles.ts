import fs from 'node:fs'
import { renderRolesTable } from '../../shared/permissions/roles-doc'
import { DEFAULT_ROLES } from '../../shared/permissions/roles'

/** Writes docs/roles-and-permissions.md from shared/permissions/roles.ts (npm run docs:roles). */
const doc = `# Roles and permissions

Generated from \`shared/permissions/roles.ts\` by \`npm run docs:roles\`; a unit test fails when this file and the code differ.

A user has one role plus direct permissions; the effective rules are the union (direct rules come last, so
an inverted direct rule can take away what the role gives). \`manage\` and \`all\` are wildcards.
"own", "own teams" and "own office" are rule conditions: the server applies them to its queries
(\`server/db/conditions.ts\`), the client only to what it shows.

## Roles

${DEFAULT_ROLES.map((r) => `- **${r.name}** (\`${r.key}\`): ${r.description}`).join('\n')}

## Role × permission

${renderRolesTable()}
`
fs.writeFileSync(new URL('../../docs/roles-and-permissions.md', import.meta.url), doc)
console.log('Wrote docs/roles-and-permissions.md')
