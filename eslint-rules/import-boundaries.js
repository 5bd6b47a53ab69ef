import path from 'node:path'

/**
 * Keeps imports flowing one way (shared/ → client features → client app; shared/ → server/).
 * Each zone: files under `target` may not import files under any of `from`, except under `except`, and except
 * type-only imports of the files in `typeOnly`.
 * Relative specifiers are resolved against the importing file, so `../../server/env` is caught anywhere.
 * A local rule because eslint-plugin-import-x's native resolver cannot be locked for every platform here.
 */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Restrict which folders may import which' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                typeOnly: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
            },
          },
        },
      },
    ],
    messages: { restricted: 'Import of "{{specifier}}" crosses a boundary: {{message}}' },
  },
  create(context) {
    const root = context.cwd
    const zones = (context.options[0]?.zones ?? []).map((z) => ({
      target: path.resolve(root, z.target),
      from: z.from.map((f) => path.resolve(root, f)),
      except: (z.except ?? []).map((e) => path.resolve(root, e)),
      typeOnly: (z.typeOnly ?? []).map((e) => path.resolve(root, e)),
      message: z.message ?? '',
    }))
    const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep)
    const file = context.filename
    const active = zones.filter((z) => inside(file, z.target))
    if (active.length === 0) return {}

    const withoutExtension = (p) => p.replace(/\.(ts|tsx|js)$/, '')
    function check(node, specifier, typeOnly = false) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const resolved = path.resolve(path.dirname(file), specifier)
      for (const z of active) {
        // A type-only import of a file listed in `typeOnly` is erased from the build: it crosses nothing at run time.
        if (typeOnly && z.typeOnly.some((e) => withoutExtension(e) === withoutExtension(resolved))) continue
        if (z.from.some((f) => inside(resolved, f)) && !z.except.some((e) => inside(resolved, e))) {
          context.report({ node, messageId: 'restricted', data: { specifier, message: z.message } })
          return
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}
