import type { ActionOrManage, SubjectOrAll } from '../../shared/permissions/catalogue'
import { foldText } from '../../shared/format'
import { ROUTES, type RouteName } from '../../shared/routes'

type Can = (action: ActionOrManage, subject: SubjectOrAll) => boolean

/** Folds case and diacritics (shared/format.ts). */
export const fold = foldText

/** The screens a user may open that make sense to jump to (no detail routes, no error pages). */
export function searchableScreens(can: Can): RouteName[] {
  return ROUTES.filter((r) => {
    const meta = r.meta as { action?: ActionOrManage; subject?: SubjectOrAll }
    return !r.path.includes(':') && meta.action && meta.subject && can(meta.action, meta.subject)
  }).map((r) => r.name)
}

/** Screens whose translated title contains every word of the query; titles that start with it first. */
export function searchScreens(query: string, screens: RouteName[], title: (name: RouteName) => string, limit = 8): RouteName[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const hits = screens.map((name) => ({ name, text: fold(title(name)) })).filter((s) => words.every((w) => s.text.includes(w)))
  hits.sort((a, b) => Number(b.text.startsWith(words[0]!)) - Number(a.text.startsWith(words[0]!)) || a.text.localeCompare(b.text))
  return hits.slice(0, limit).map((h) => h.name)
}
