/**
 * A list's chip filter (a status, a state) as it lives in the address: a comma list of the chosen values in their
 * own order, or nothing when the choice is the list's default (no chip for a list that shows everything, the
 * waiting states for a work list). Pure, so the lists share it and it is tested without a screen.
 */

/** The chosen values the address names; the default when it names none (or none the list knows). */
export function chipsOf<T extends string>(value: string | undefined, order: readonly T[], defaults: readonly T[] = []): Set<T> {
  const named = (value ?? '').split(',').filter((v): v is T => (order as readonly string[]).includes(v))
  return new Set(named.length > 0 ? named : defaults)
}

/** The address value after one chip is toggled: the chosen values in the list's order, or nothing for the default. */
export function toggleChip<T extends string>(chosen: ReadonlySet<T>, value: T, order: readonly T[], defaults: readonly T[] = []): string | undefined {
  const next = new Set(chosen)
  if (next.has(value)) next.delete(value)
  else next.add(value)
  const inOrder = order.filter((v) => next.has(v))
  const isDefault = inOrder.length === 0 || (inOrder.length === defaults.length && defaults.every((v) => next.has(v)))
  return isDefault ? undefined : inOrder.join(',')
}
