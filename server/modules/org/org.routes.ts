import { subject } from '@casl/ability'
import { Hono } from 'hono'
import {
  coachGroupInputSchema,
  coachGroupUpdateSchema,
  officeInputSchema,
  ophScopeParamSchema,
  ophTargetInputSchema,
  providerCoachGroupsSchema,
  officeUpdateSchema,
  orgIdSchema,
  regionCountrySchema,
  regionInputSchema,
  regionUpdateSchema,
  teamInputSchema,
  teamUpdateSchema,
} from '../../../shared/schemas/org'
import { officesService } from './offices.service'
import { teamsService } from './teams.service'
import { regionsService } from './regions.service'
import { coachGroupsService, type ProviderList } from './coach-groups.service'
import { ophService } from './oph.service'
import { listQuerySchema, type ListAnswer } from '../../../shared/schemas/pagination'
import { TEAM_SORT_KEYS, type TeamListItem } from '../../../shared/schemas/users'
import { accessFilter } from '../../db/conditions'
import { lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { orgRepo } from './org.repo'

export function orgRoutes(deps: Deps, opts: { onRulesChanged: () => void; providers: ProviderList }) {
  const repo = orgRepo(deps.database)
  const regions = regionsService(deps)
  const offices = officesService(deps, { providers: opts.providers })
  const teams = teamsService(deps, { onRulesChanged: opts.onRulesChanged, providers: opts.providers })
  const coachGroups = coachGroupsService(deps, { providers: opts.providers })
  const oph = ophService(deps)
  return (
    new Hono<AppEnv>()
      .get('/teams', access.can('view', 'teams'), validate('query', listQuerySchema(TEAM_SORT_KEYS)), async (c) => {
        const q = c.req.valid('query')
        const filter = accessFilter(c.var.auth!.ability, 'view', 'teams', repo.teamConditionColumns)
        const [{ items: rows, total }, providers] = await Promise.all([repo.listTeams(filter, q), opts.providers(deps.database.db)])
        const providerName = new Map(providers.map((p) => [p.id, p.name]))
        const items = rows.map(({ providerId, ...row }): TeamListItem => ({ ...row, providerName: (providerId && providerName.get(providerId)) || null }))
        return c.json({ items, total, page: q.page, itemsPerPage: q.itemsPerPage } satisfies ListAnswer<TeamListItem>, 200)
      })
      // A team's page, and its changes (decision 036).
      .get('/teams/:id', access.can('view', 'teams'), validate('param', orgIdSchema), async (c) =>
        c.json(await teams.detail(actorOf(c), c.req.valid('param').id), 200),
      )
      .post('/teams', access.can('create', 'teams'), validate('json', teamInputSchema), async (c) =>
        c.json(await teams.edits.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/teams/:id', access.can('update', 'teams'), validate('param', orgIdSchema), validate('json', teamUpdateSchema), async (c) =>
        c.json(await teams.edits.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/teams/:id', access.can('delete', 'teams'), validate('param', orgIdSchema), async (c) =>
        c.json(await teams.edits.remove(actorOf(c), c.req.valid('param').id), 200),
      )
      // The choices of team and office filters: the ones this user may see.
      .get('/lookups/teams', access.can('view', 'teams'), validate('query', lookupQuerySchema), async (c) => {
        const filter = accessFilter(c.var.auth!.ability, 'view', 'teams', repo.teamConditionColumns)
        return c.json({ items: await repo.teamLookup(filter, c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
      .get('/lookups/offices', access.canAny(['view', 'offices'], ['view', 'teams']), validate('query', lookupQuerySchema), async (c) => {
        const ability = c.var.auth!.ability
        const q = c.req.valid('query')
        // Someone who sees teams but no offices (a coach) filters their lists by the offices of the teams they see.
        const items = ability.can('view', 'offices')
          ? await repo.officeLookup(accessFilter(ability, 'view', 'offices', repo.officeConditionColumns), q)
          : await repo.officeOfTeamsLookup(accessFilter(ability, 'view', 'teams', repo.teamConditionColumns), q)
        // A list's filter: the offices some of whose records of that list the reader may see (an office's own rule, or
        // a team of it that the reader's rule reaches).
        if (!q.within) return c.json({ items } satisfies LookupAnswer, 200)
        const { teams: allTeams } = await repo.places(deps.database.db)
        const within = q.within
        const sees = (officeId: string) =>
          ability.can('view', subject(within, { officeId })) ||
          allTeams.some((team) => team.officeId === officeId && ability.can('view', subject(within, { officeId, teamId: team.id })))
        return c.json({ items: items.filter((item) => sees(item.id)) } satisfies LookupAnswer, 200)
      })
      // Regions (decision 036): few, listed whole with what each holds.
      .get('/regions', access.can('view', 'regions'), async (c) => c.json({ items: await regions.list() }, 200))
      .get('/regions/:id', access.can('view', 'regions'), validate('param', orgIdSchema), async (c) =>
        c.json(await regions.detail(actorOf(c), c.req.valid('param').id), 200),
      )
      .post('/regions', access.can('create', 'regions'), validate('json', regionInputSchema), async (c) =>
        c.json(await regions.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/regions/:id', access.can('update', 'regions'), validate('param', orgIdSchema), validate('json', regionUpdateSchema), async (c) =>
        c.json(await regions.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .put('/regions/:id/country', access.can('update', 'regions'), validate('param', orgIdSchema), validate('json', regionCountrySchema), async (c) =>
        c.json(await regions.setCountry(actorOf(c), c.req.valid('param').id, c.req.valid('json').country), 200),
      )
      .delete('/regions/:id', access.can('delete', 'regions'), validate('param', orgIdSchema), async (c) =>
        c.json(await regions.remove(actorOf(c), c.req.valid('param').id), 200),
      )
      // Offices (decision 036): those the reader may see, with what each holds.
      .get('/offices', access.can('view', 'offices'), async (c) => c.json({ items: await offices.list(c.var.auth!.ability) }, 200))
      .get('/offices/:id', access.can('view', 'offices'), validate('param', orgIdSchema), async (c) =>
        c.json(await offices.detail(actorOf(c), c.req.valid('param').id), 200),
      )
      .post('/offices', access.can('create', 'offices'), validate('json', officeInputSchema), async (c) =>
        c.json(await offices.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/offices/:id', access.can('update', 'offices'), validate('param', orgIdSchema), validate('json', officeUpdateSchema), async (c) =>
        c.json(await offices.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/offices/:id', access.can('delete', 'offices'), validate('param', orgIdSchema), async (c) =>
        c.json(await offices.remove(actorOf(c), c.req.valid('param').id), 200),
      )
      // Coach groups (decision 041), and the groups that work for each provider.
      .get('/coach-groups', access.can('view', 'coach_groups'), async (c) => c.json({ items: await coachGroups.changes.list() }, 200))
      .post('/coach-groups', access.can('create', 'coach_groups'), validate('json', coachGroupInputSchema), async (c) =>
        c.json(await coachGroups.changes.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/coach-groups/:id', access.can('update', 'coach_groups'), validate('param', orgIdSchema), validate('json', coachGroupUpdateSchema), async (c) =>
        c.json(await coachGroups.changes.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/coach-groups/:id', access.can('delete', 'coach_groups'), validate('param', orgIdSchema), async (c) =>
        c.json(await coachGroups.changes.remove(actorOf(c), c.req.valid('param').id), 200),
      )
      .get('/coach-group-providers', access.can('view', 'coach_groups'), async (c) => c.json({ items: await coachGroups.providers.byProvider() }, 200))
      .put(
        '/coach-group-providers/:id',
        access.can('update', 'coach_groups'),
        validate('param', orgIdSchema),
        validate('json', providerCoachGroupsSchema),
        async (c) => c.json(await coachGroups.providers.setForProvider(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      // OPH targets of offices and teams (decision 042): whoever may view teams reads the ones they see.
      .get('/oph-targets', access.can('view', 'teams'), async (c) => c.json(await oph.overview(actorOf(c)), 200))
      .put(
        '/oph-targets/:scope/:id',
        access.canAny(['update', 'offices'], ['update', 'teams']),
        validate('param', ophScopeParamSchema),
        validate('json', ophTargetInputSchema),
        async (c) => {
          const { scope, id } = c.req.valid('param')
          return c.json({ own: await oph.set(actorOf(c), scope, id, c.req.valid('json'), c.var.t) }, 200)
        },
      )
      // Regions have no conditions of their own: whoever may view regions sees them all.
      .get('/lookups/regions', access.can('view', 'regions'), validate('query', lookupQuerySchema), async (c) => {
        return c.json({ items: await repo.regionLookup(c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
  )
}
