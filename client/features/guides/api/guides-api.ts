import type { Audience, CategoryInput, EmbedInput, GuideAdminDetail, GuideInput, GuideVersionDetail, GuideView } from '../../../../shared/schemas/guides'
import { call, rpc } from '../../../lib/api-client'

/** The guides area's server calls (docs/decisions/069). */

// Reading.
export const getGuidesDashboard = (signal?: AbortSignal) => call(rpc.guides.$get({}, { init: { signal } }))
/** The typed client cannot spell a recursive JSON type: a document-bearing answer is read as the shared type it is. */
const asDoc = <T>(answer: Promise<unknown>) => answer as Promise<T>

export const getGuide = (id: string, signal?: AbortSignal) => asDoc<GuideView>(call(rpc.guides[':id'].$get({ param: { id } }, { init: { signal } })))
export const getSearchIndex = (signal?: AbortSignal) => call(rpc.guides['search-index'].$get({}, { init: { signal } }))
export const acknowledgeGuide = (id: string, number: number) => call(rpc.guides[':id'].acknowledge.$post({ param: { id }, json: { number } }))
export const getAckReport = (id: string, teamId?: string, signal?: AbortSignal) =>
  call(rpc.guides[':id'].acknowledgements.$get({ param: { id }, query: teamId ? { teamId } : {} }, { init: { signal } }))
export const remindGuide = (id: string, teamIds?: string[]) => call(rpc.guides[':id'].remind.$post({ param: { id }, json: teamIds ? { teamIds } : {} }))

// Categories.
const admin = rpc['guide-admin']
export const listCategories = (signal?: AbortSignal) => call(admin.categories.$get({}, { init: { signal } }))
export const createCategory = (input: CategoryInput) => call(admin.categories.$post({ json: input }))
export const updateCategory = (id: string, input: CategoryInput & { version: number }) => call(admin.categories[':id'].$put({ param: { id }, json: input }))
export const deleteCategory = (id: string, version: number) => call(admin.categories[':id'].$delete({ param: { id }, query: { version: String(version) } }))
export const reorderCategories = (ids: string[]) => call(admin.categories.order.$put({ json: { ids } }))

// Guides.
export const listAdminGuides = (signal?: AbortSignal) => call(admin.guides.$get({}, { init: { signal } }))
export const getAdminGuide = (id: string, signal?: AbortSignal) =>
  asDoc<GuideAdminDetail>(call(admin.guides[':id'].$get({ param: { id } }, { init: { signal } })))
export const createGuide = (input: GuideInput) => asDoc<GuideAdminDetail>(call(admin.guides.$post({ json: input })))
export const updateGuide = (id: string, input: GuideInput & { version: number }) =>
  asDoc<GuideAdminDetail>(call(admin.guides[':id'].$put({ param: { id }, json: input })))
export const deleteGuide = (id: string, version: number) => call(admin.guides[':id'].$delete({ param: { id }, query: { version: String(version) } }))
export const publishGuide = (id: string, version: number) =>
  asDoc<GuideAdminDetail>(call(admin.guides[':id'].publish.$post({ param: { id }, json: { version } })))
export const moveGuide = (id: string, categoryId: string, position: number, version: number) =>
  call(admin.guides[':id'].position.$put({ param: { id }, json: { categoryId, position, version } }))
export const getGuideVersion = (id: string, number: number, signal?: AbortSignal) =>
  asDoc<GuideVersionDetail>(call(admin.guides[':id'].versions[':number'].$get({ param: { id, number: String(number) } }, { init: { signal } })))
export const restoreGuideVersion = (id: string, number: number, version: number) =>
  asDoc<GuideAdminDetail>(call(admin.guides[':id'].versions[':number'].restore.$post({ param: { id, number: String(number) }, json: { version } })))
/** Saves only who sees a guide (the audience screen), keeping its texts as they are. */
export const setGuideAudience = async (id: string, audience: Audience) => {
  const g = await getAdminGuide(id)
  return updateGuide(id, { categoryId: g.categoryId, mustRead: g.mustRead, texts: g.texts, audience, version: g.version })
}

/** Uploads an image or an attachment for a guide: its address and name come back. */
export async function uploadGuideFile(file: File): Promise<{ id: string; src: string; name: string; size: number; contentType: string }> {
  return call(admin.files.$post({ query: { name: file.name } }, { init: { body: file, headers: { 'content-type': file.type || 'application/octet-stream' } } }))
}

// Embeds.
export const listEmbeds = (signal?: AbortSignal) => call(rpc.embeds.$get({}, { init: { signal } }))
export const createEmbed = (input: EmbedInput) => call(rpc.embeds.$post({ json: input }))
export const updateEmbed = (id: string, input: EmbedInput & { version: number }) => call(rpc.embeds[':id'].$put({ param: { id }, json: input }))
export const deleteEmbed = (id: string, version: number) => call(rpc.embeds[':id'].$delete({ param: { id }, query: { version: String(version) } }))
export const getEmbedHosts = (signal?: AbortSignal) => call(rpc.embeds.hosts.$get({}, { init: { signal } }))
export const setEmbedHosts = (hosts: string[]) => call(rpc.embeds.hosts.$put({ json: { hosts } }))
export const openEmbed = (id: string) => call(rpc.embeds[':id'].open.$post({ param: { id } }))
export const listAudienceRoles = (signal?: AbortSignal) => call(rpc['guide-admin'].roles.$get({}, { init: { signal } }))
