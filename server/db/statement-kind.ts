const KINDS = new Set(['select', 'insert', 'update', 'delete'])
const CONTROL = new Set(['begin', 'commit', 'rollback', 'savepoint', 'release', 'set'])

/** A statement's kind from its first word: a label of a handful of values, whatever the statement. */
export function statementKind(text: string): string {
  const word = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? ''
  if (word === 'with') return 'select'
  if (KINDS.has(word)) return word
  return CONTROL.has(word) ? 'transaction' : 'other'
}
