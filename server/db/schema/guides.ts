import type {
  Audience,
  CategoryIcon,
  GuideLanguage,
  GuideListing,
  EmbedKind,
  EmbedScopeParam,
  EmbedSigning,
  GuideTexts,
  Localized,
} from '../../../shared/schemas/guides'
import { table } from './table'

/**
 * Guides and embeds (docs/decisions/069). A category and a guide each carry their audience (roles, offices, teams,
 * providers: JSON, read whole with the few hundred guides an organisation has); a guide keeps its working texts
 * (every language) and each publish as a numbered version readers read; a reader's acknowledgement names the version
 * they acknowledged. Embeds are outside pages with their assignees; the hosts they may come from are a list of their
 * own. Each table once for both databases (./table.ts).
 */

export const [guideCategories, guideCategoriesPg] = table(
  'guide_categories',
  (k) => ({
    id: k.id(),
    position: k.integer('position').notNull(),
    icon: k.text('icon').$type<CategoryIcon>().notNull(),
    name: k.json('name').$type<Localized>().notNull(),
    description: k.json('description').$type<{ sv: string; en: string | null; fi: string | null }>().notNull(),
    audience: k.json('audience').$type<Audience>().notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.index('guide_categories_position').on(t.position)],
)

export const [guides, guidesPg] = table(
  'guides',
  (k) => ({
    id: k.id(),
    categoryId: k.ref('category_id', () => guideCategories).notNull(),
    position: k.integer('position').notNull(),
    mustRead: k.bool('must_read').notNull(),
    /** the working texts, every language (what the editor saves; readers read the newest version) */
    texts: k.json('texts').$type<GuideTexts>().notNull(),
    /** the working Swedish title and the languages the working texts have (management's list reads no bodies) */
    title: k.text('title').notNull(),
    languages: k.json('languages').$type<GuideLanguage[]>().notNull(),
    /** what readers' lists show of the newest version: its must-read flag, titles and summaries (null: a draft) */
    listing: k.json('listing').$type<GuideListing | null>(),
    audience: k.json('audience').$type<Audience>().notNull(),
    /** the newest published version's number, or null while the guide is a draft */
    publishedNumber: k.integer('published_number'),
    publishedAt: k.ms('published_at'),
    /** the working texts or the must-read flag differ from the newest version */
    unpublished: k.bool('unpublished').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    updatedBy: k.text('updated_by'),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.index('guides_category').on(t.categoryId, t.position), k.index('guides_published').on(t.publishedAt)],
)

export const [guideVersions, guideVersionsPg] = table(
  'guide_versions',
  (k) => ({
    id: k.id(),
    guideId: k.ref('guide_id', () => guides, 'cascade').notNull(),
    number: k.integer('number').notNull(),
    texts: k.json('texts').$type<GuideTexts>().notNull(),
    mustRead: k.bool('must_read').notNull(),
    /** the guide's searchable text per language of this version (title, summary, body) */
    searchText: k.json('search_text').$type<{ sv: string; en: string | null; fi: string | null }>().notNull(),
    publishedAt: k.ms('published_at').notNull(),
    publishedBy: k.text('published_by'),
  }),
  (t, k) => [k.uniqueIndex('guide_versions_number').on(t.guideId, t.number)],
)

/** A reader's acknowledgement of a must-read guide: the newest version they acknowledged, and when. */
export const [guideAcks, guideAcksPg] = table(
  'guide_acks',
  (k) => ({
    guideId: k.ref('guide_id', () => guides, 'cascade').notNull(),
    userId: k.text('user_id').notNull(),
    number: k.integer('number').notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.guideId, t.userId] }), k.index('guide_acks_user').on(t.userId)],
)

/** The stored files (images, attachments) a guide's published versions use: their readers may read them. */
export const [guideFiles, guideFilesPg] = table(
  'guide_files',
  (k) => ({
    fileId: k.text('file_id').notNull(),
    guideId: k.ref('guide_id', () => guides, 'cascade').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.fileId, t.guideId] }), k.index('guide_files_guide').on(t.guideId)],
)

export const [embeds, embedsPg] = table('embeds', (k) => ({
  id: k.id(),
  name: k.text('name').notNull(),
  kind: k.text('kind').$type<EmbedKind>().notNull(),
  url: k.text('url').notNull(),
  height: k.integer('height').notNull(),
  signing: k.text('signing').$type<EmbedSigning>().notNull(),
  resource: k.json('resource').$type<{ type: 'dashboard' | 'question'; id: number } | null>(),
  scope: k.json('scope').$type<EmbedScopeParam[]>().notNull(),
  /** the signing secret, sealed (server/platform/secret-box.ts); never sent to a browser */
  secret: k.text('secret'),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
  version: k.integer('version').notNull().default(1),
}))

/** Who sees an embed: users, roles or teams. */
export const [embedAssignees, embedAssigneesPg] = table(
  'embed_assignees',
  (k) => ({
    embedId: k.ref('embed_id', () => embeds, 'cascade').notNull(),
    kind: k.text('kind', { enum: ['user', 'role', 'team'] }).notNull(),
    targetId: k.text('target_id').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.embedId, t.kind, t.targetId] }), k.index('embed_assignees_target').on(t.kind, t.targetId)],
)

/** The hosts embeds may come from (the pages' frame-src follows this list). */
export const [embedHosts, embedHostsPg] = table('embed_hosts', (k) => ({
  host: k.text('host').primaryKey(),
  createdAt: k.createdAt(),
}))
