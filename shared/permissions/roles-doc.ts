import { PERMISSIONS, permissionName } from './catalogue'
import { DEFAULT_ROLES } from './roles'

/** The role × permission table in docs/roles-and-permissions.md, made from the seeded roles. */
export function renderRolesTable(): string {
  const header = `| Permission | ${DEFAULT_ROLES.map((r) => r.name).join(' | ')} |`
  const line = `|---|${DEFAULT_ROLES.map(() => ':-:').join('|')}|`
  const rows = PERMISSIONS.map((p) => {
    const cells = DEFAULT_ROLES.map((role) => {
      const rules = role.rules.filter((r) => (r.action === p.action || r.action === 'manage') && (r.subject === p.subject || r.subject === 'all'))
      if (rules.length === 0) return ''
      if (rules.some((r) => !r.conditions)) return '✓'
      return rules.map((r) => `✓ ${conditionLabel(r.conditions!)}`).join(', ')
    })
    return `| ${permissionName(p.action, p.subject)} | ${cells.join(' | ')} |`
  })
  return [header, line, ...rows].join('\n')
}

function conditionLabel(conditions: Record<string, unknown>): string {
  const text = JSON.stringify(conditions)
  if (text.includes('${user.id}')) return 'own'
  if (text.includes('${user.teamIds}')) return 'own teams'
  if (text.includes('${user.officeId}')) return 'own office'
  return 'conditional'
}
