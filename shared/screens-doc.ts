import { sv } from './i18n/sv'
import { ROUTES } from './routes'

/** The route table as the screen list of docs/screens.md (npm run docs:screens). */
export function renderScreensTable(): string {
  const rows = ROUTES.map((r) => {
    const meta = r.meta as { public?: boolean; unauthenticatedOnly?: boolean; action?: string; subject?: string; layout?: string }
    const access = meta.public ? 'public' : meta.unauthenticatedOnly ? 'visitors only' : meta.action ? `${meta.action} ${meta.subject}` : 'redirect'
    const planned = 'plannedIn' in r ? r.plannedIn : undefined
    const state =
      r.name === 'index'
        ? 'redirect (built)'
        : planned === undefined
          ? 'built'
          : planned === 'later'
            ? 'title only — later issue'
            : `title only — issue ${planned}`
    const title = (sv.routes as Record<string, string>)[r.name] ?? ''
    return `| \`${r.path}\` | ${r.name} | ${title} | ${access} | ${meta.layout ?? 'default'} | ${state} |`
  })
  return ['| Path | Name | Title (sv) | Permission | Layout | State |', '|---|---|---|---|---|---|', ...rows].join('\n')
}
