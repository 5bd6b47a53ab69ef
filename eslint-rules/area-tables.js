import fs from 'node:fs'
import path from 'node:path'

/**
 * Which area owns each table (docs/decisions/066): a table defined in `server/db/schema/<area>.ts` is that area's,
 * except where `exceptions` names another owner (a schema file that holds several areas' tables), or none (null).
 */
export function tableOwners(schemaDir, exceptions = {}) {
  const owners = {}
  for (const file of fs.readdirSync(schemaDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const area = path.basename(file, '.ts')
    const text = fs.readFileSync(path.join(schemaDir, file), 'utf8')
    // `export const [name, namePg] = table('sql_name', …)` (server/db/schema/table.ts)
    for (const m of text.matchAll(/export const \[(\w+), \w+Pg\] = table\(/g)) {
      const owner = m[1] in exceptions ? exceptions[m[1]] : area
      // null: a table of the platform's that every area uses through it (the rate limiters' store)
      if (owner !== null) owners[m[1]] = owner
    }
  }
  // A schema written another way would leave every table unowned and the rule silent.
  if (Object.keys(owners).length < 50) throw new Error(`area-tables: found only ${Object.keys(owners).length} tables in ${schemaDir}`)
  return owners
}

/**
 * An area writes only its own tables and reads another area's only where that read is written down (a join for a
 * name or a place, docs/decisions/066). Looks at `t.<table>` (the schema object, also as `database.t.<table>`) in
 * `server/modules/<area>/`: a foreign table passed to insert, update or delete is a write; any other use a read.
 */
export const areaTables = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas write their own tables and read others’ only where allowed' },
    schema: [
      {
        type: 'object',
        properties: { owners: { type: 'object' }, reads: { type: 'object' }, writes: { type: 'object' } },
        required: ['owners'],
      },
    ],
  },
  create(context) {
    const { owners, reads = {}, writes = {} } = context.options[0]
    const match = /server\/modules\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'))
    if (!match) return {}
    const area = match[1]
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return
        const object = node.object
        const isSchema =
          (object.type === 'Identifier' && object.name === 't') ||
          (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' && object.property.name === 't')
        if (!isSchema) return
        const table = node.property.name
        const owner = owners[table]
        if (!owner || owner === area) return
        const call = node.parent
        const write =
          call.type === 'CallExpression' &&
          call.arguments[0] === node &&
          call.callee.type === 'MemberExpression' &&
          call.callee.property.type === 'Identifier' &&
          ['insert', 'update', 'delete'].includes(call.callee.property.name)
        if (write && !(writes[area] ?? []).includes(table)) {
          context.report({
            node,
            message: `The ${area} area writes ${table}, a table of the ${owner} area: ask that area's service (a port) or react to its event.`,
          })
        } else if (!write && !(reads[area] ?? []).includes(table) && !(writes[area] ?? []).includes(table)) {
          context.report({
            node,
            message: `The ${area} area reads ${table}, a table of the ${owner} area: ask that area through a port, or add the read to AREA_READS in eslint.config.js (decision 066).`,
          })
        }
      },
    }
  },
}
