import type { Deps } from '../../platform/deps'
import { leadsContext, type LeadsPorts } from './leads.context'
import { leadFormats } from './leads.formats'
import { defineTransformJob } from './leads.job'
import { leadLists } from './leads.lists'
import { leadRuns } from './leads.runs'

export type { LeadsPorts } from './leads.context'

/**
 * The lead-list tool (issue 47, docs/decisions/075): lists uploaded and read through once, mapped with a source's
 * saved mapping, given a NIX answer, previewed, and run in the background (`leads.transform`) into a named output
 * format delivered to Downloads; the output formats and the sources.
 */
export function leadsService(deps: Pick<Deps, 'database' | 'files' | 'jobs' | 'downloads'>, ports: LeadsPorts) {
  const ctx = leadsContext(deps, ports)
  defineTransformJob(ctx)
  const lists = leadLists(ctx)
  return { ...lists, runs: leadRuns(ctx, lists.get), fileFormats: leadFormats(ctx) }
}
export type LeadsService = ReturnType<typeof leadsService>
