import type { Audience, EmbedItem, GuideLanguage, Localized } from '../schemas/guides'

/**
 * Who reads a guide (docs/decisions/069). A reader is their role, their office, their teams and the providers those
 * teams sell for. An audience's roles (none: every role that may read guides) admit the reader's role; each of its
 * other lists, when not empty, narrows to readers in one of its offices, one of its teams, or selling for one of its
 * providers, and the lists narrow together. A guide is read where its category's audience and its own both admit
 * the reader; who manages guides (admin embeds) reads them all.
 */
export type Reader = { roleId: string; officeId: string | null; teamIds: readonly string[]; providerIds: readonly string[] }

const meets = (wanted: readonly string[], held: readonly (string | null)[]) => wanted.length === 0 || held.some((h) => h !== null && wanted.includes(h))

export function audienceAdmits(audience: Audience, reader: Reader): boolean {
  return (
    meets(audience.roles, [reader.roleId]) &&
    meets(audience.offices, [reader.officeId]) &&
    meets(audience.teams, reader.teamIds) &&
    meets(audience.providers, reader.providerIds)
  )
}

export function mayReadGuide(category: Audience, guide: Audience, reader: Reader): boolean {
  return audienceAdmits(category, reader) && audienceAdmits(guide, reader)
}

/** The language a reader reads a text in: theirs when it has one, otherwise Swedish. */
export function textLanguage<T>(texts: { sv: T; en: T | null; fi: T | null }, wanted: GuideLanguage): GuideLanguage {
  return texts[wanted] !== null && texts[wanted] !== undefined ? wanted : 'sv'
}

export function localized(value: Localized, wanted: GuideLanguage): string {
  const v = value[wanted]
  return v !== null && v !== undefined && v.trim() !== '' ? v : value.sv
}

/** The languages a guide's texts lack, from the languages it has texts in (management shows them as missing translations). */
export function missingLanguages(has: readonly string[]): GuideLanguage[] {
  return (['en', 'fi'] as const).filter((l) => !has.includes(l))
}

/**
 * What a must-read guide asks of a reader: nothing when it is not must-read, otherwise whether they acknowledged its
 * current version, and whether they acknowledged an earlier one (the guide then marks the new version).
 */
export function acknowledgement(mustRead: boolean, current: number, acknowledged: number | null): { acknowledged: boolean | null; newVersion: boolean } {
  const newVersion = acknowledged !== null && acknowledged < current
  if (!mustRead) return { acknowledged: null, newVersion }
  return { acknowledged: acknowledged !== null && acknowledged >= current, newVersion }
}

/** How long a guide counts as recently updated on the dashboard. */
export const RECENT_MS = 14 * 24 * 3600_000

/** What an admin sets on an embed, never its secret: the editor starts from it, and its log line compares it. */
export const embedSettingsOf = (e: EmbedItem) => ({
  name: e.name,
  kind: e.kind,
  url: e.url,
  height: e.height,
  signing: e.signing,
  resource: e.resource,
  scope: e.scope,
  assignees: e.assignees,
})
