import type { Deps } from '../../platform/deps'
import type { ProviderList } from './coach-groups.service'
import { teamsContext } from './teams.context'
import { teamsEdits } from './teams.edits'

/**
 * Teams (docs/decisions/036): a team's page (members, coaches, log), created, changed (name, office, coaches) and
 * deleted here, each change one transaction with its activity-log line and a `team.changed` event. Coaches decide
 * what a coach's team-scoped rules reach, so a change of coaches has their sessions load their rules again
 * (`onRulesChanged`). A name is unique within its office; a team with members is not deleted. The provider a team
 * sells for is the catalog's, asked through a port; a new choice must be an active provider, and one archived since
 * it was chosen stays until changed.
 */
export function teamsService(
  { database, events }: Pick<Deps, 'database' | 'events'>,
  opts: { onRulesChanged: () => void; providers: ProviderList; now?: () => number },
) {
  const ctx = teamsContext({ database, events }, opts)
  const { detail } = ctx
  return {
    edits: teamsEdits(ctx),
    detail,
  }
}
