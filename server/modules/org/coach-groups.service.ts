import type { Deps } from '../../platform/deps'
import { type ProviderList, coachGroupsContext } from './coach-groups.context'
export type { ProviderList } from './coach-groups.context'

import { coachGroupChanges } from './coach-groups.changes'
import { coachGroupProviders } from './coach-groups.providers'

/**
 * Coach groups (docs/decisions/041): coaches who work together, and the providers each group works for. Created,
 * changed (name, coaches) and deleted here; the providers a group works for are set per provider. Each change is
 * one transaction with its activity-log line (names, not ids) and a `coachGroup.changed` event.
 */
export function coachGroupsService(deps: Pick<Deps, 'database' | 'events'>, opts: { providers: ProviderList; now?: () => number }) {
  const ctx = coachGroupsContext(deps, opts)
  return { changes: coachGroupChanges(ctx), providers: coachGroupProviders(ctx) }
}
