import type { RunInput } from '../../../../shared/schemas/field'
import { call, rpc } from '../../../lib/api-client'

/** The sales planner's and the runs screen's calls (docs/decisions/073). */
export const listRuns = (q: { from: string; to: string; teamId?: string }, signal?: AbortSignal) =>
  call(rpc.field.runs.$get({ query: q }, { init: { signal } }))
export const createRun = (input: RunInput) => call(rpc.field.runs.$post({ json: input }))
export const updateRun = (id: string, version: number, input: RunInput) => call(rpc.field.runs[':id'].$put({ param: { id }, json: { ...input, version } }))
export const deleteRun = (id: string) => call(rpc.field.runs[':id'].$delete({ param: { id } }))
export const listAreas = (teamId: string, signal?: AbortSignal) => call(rpc.field.areas.$get({ query: { teamId } }, { init: { signal } }))
export const createArea = (name: string, teamId: string | null) => call(rpc.field.areas.$post({ json: { name, teamId } }))
export const teamMembers = (teamId: string, signal?: AbortSignal) => call(rpc.field['team-members'].$get({ query: { teamId } }, { init: { signal } }))
export const runsReport = (q: { from: string; to: string; teamId?: string }, signal?: AbortSignal) =>
  call(rpc.field['runs-report'].$get({ query: q }, { init: { signal } }))

/** Promises (docs/decisions/097): the team's queue, taking from it, the closers to book for, and the coach's figures. */
export const promiseQueue = (signal?: AbortSignal) => call(rpc.field.promises.queue.$get({}, { init: { signal } }))
export const promiseClosers = (signal?: AbortSignal) => call(rpc.field.promises.closers.$get({}, { init: { signal } }))
export const takePromise = (id: string) => call(rpc.field.promises[':id'].take.$post({ param: { id } }))
export const promisesReport = (q: { from: string; to: string; teamId?: string }, signal?: AbortSignal) =>
  call(rpc.field['promises-report'].$get({ query: q }, { init: { signal } }))
