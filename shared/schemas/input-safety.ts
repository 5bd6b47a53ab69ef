/**
 * Checks on a parsed request value that no schema can express, run before the schema: text that is not
 * well-formed UTF-16 (a lone surrogate, which would be stored as invalid UTF-8) in any key or value, a control
 * character no field takes (NUL, which PostgreSQL cannot store in text, and the rest of C0 but tab, line feed and
 * carriage return), and nesting deeper than any contract of ours uses (a deep value would otherwise cost a
 * recursion per level in every walker after this one). The walk is iterative, so no input can overflow the stack
 * here. Every route's body, query and parameters and every device mutation's arguments pass through it.
 */

export const MAX_INPUT_DEPTH = 32

export type InputProblem = { path: string; kind: 'illFormedText' | 'controlCharacter' | 'tooDeep' }

/** The control characters no text field takes: C0 but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- these are the characters refused
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/
/** The same characters percent-encoded in a URL (a path segment or a query value the route may read by hand). */
export const FORBIDDEN_CONTROL_ENCODED = /%(?:0[0-8BCEF]|1[0-9A-F])/i

function textProblem(text: string): InputProblem['kind'] | null {
  if (!text.isWellFormed()) return 'illFormedText'
  if (FORBIDDEN_CONTROL.test(text)) return 'controlCharacter'
  return null
}

/** `opaque` names parts checked later by their own owner (a sync mutation's args, per mutation). */
export function inputProblem(value: unknown, opaque?: (path: readonly string[]) => boolean): InputProblem | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!
    if (opaque?.(path)) continue
    if (typeof v === 'string') {
      const kind = textProblem(v)
      if (kind) return { path: pathText(path), kind }
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (path.length >= MAX_INPUT_DEPTH) return { path: pathText(path), kind: 'tooDeep' }
    // Object.keys, not for…in: only the value's own keys, whatever their names ("__proto__" included).
    for (const key of Object.keys(v)) {
      const kind = textProblem(key)
      if (kind) return { path: pathText([...path, key.toWellFormed().replace(new RegExp(FORBIDDEN_CONTROL, 'g'), '\uFFFD')]), kind }
      stack.push({ value: (v as Record<string, unknown>)[key], path: [...path, key] })
    }
  }
  return null
}

function pathText(path: string[]): string {
  return path.length > 0 ? path.join('.') : '_'
}
