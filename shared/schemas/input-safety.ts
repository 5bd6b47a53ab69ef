/**
 * Checks on a parsed request value that no schema can express, run before the schema: text that is not
 * well-formed UTF-16 (a lone surrogate, which would be stored as invalid UTF-8) in any key or value, and
 * nesting deeper than any contract of ours uses (a deep value would otherwise cost a recursion per level
 * in every walker after this one). The walk is iterative, so no input can overflow the stack here.
 */

export const MAX_INPUT_DEPTH = 32

export type InputProblem = { path: string; kind: 'illFormedText' | 'tooDeep' }

/** `opaque` names parts checked later by their own owner (a sync mutation's args, per mutation). */
export function inputProblem(value: unknown, opaque?: (path: readonly string[]) => boolean): InputProblem | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!
    if (opaque?.(path)) continue
    if (typeof v === 'string') {
      if (!v.isWellFormed()) return { path: pathText(path), kind: 'illFormedText' }
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (path.length >= MAX_INPUT_DEPTH) return { path: pathText(path), kind: 'tooDeep' }
    // Object.keys, not for…in: only the value's own keys, whatever their names ("__proto__" included).
    for (const key of Object.keys(v)) {
      if (!key.isWellFormed()) return { path: pathText([...path, key.toWellFormed()]), kind: 'illFormedText' }
      stack.push({ value: (v as Record<string, unknown>)[key], path: [...path, key] })
    }
  }
  return null
}

function pathText(path: string[]): string {
  return path.length > 0 ? path.join('.') : '_'
}
