import type { RoleKey } from './permissions/roles'

/**
 * The demo organisation's sign-in (demo mode, docs/decisions/062): its password and one account per role, listed in
 * the README and on the demo sign-in page, seeded by server/seed/demo.ts.
 */
export const DEMO_PASSWORD = 'saljkraft-demo'

export type DemoAccount = {
  email: string
  firstName: string
  lastName: string
  shortName: string
  role: RoleKey
  team?: string
  office?: string
  coaches?: string[]
}

/** One signed-in user per role; listed in the README and on the demo login page. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', firstName: 'Astrid', lastName: 'Admin', shortName: 'AA', role: 'admin' },
  { email: 'backoffice@demo.test', firstName: 'Bertil', lastName: 'Backoffice', shortName: 'BB', role: 'backoffice', office: 'Stockholm' },
  { email: 'manager@demo.test', firstName: 'Maria', lastName: 'Manager', shortName: 'MM', role: 'manager', office: 'Malmö' },
  {
    email: 'coach@demo.test',
    firstName: 'Cecilia',
    lastName: 'Coach',
    shortName: 'CC',
    role: 'coach',
    office: 'Malmö',
    coaches: ['Öresund', 'Lund'],
  },
  { email: 'seller@demo.test', firstName: 'Sven', lastName: 'Säljare', shortName: 'SS', role: 'seller', team: 'Öresund' },
  { email: 'recruiter@demo.test', firstName: 'Rut', lastName: 'Rekryterare', shortName: 'RR', role: 'recruiter', office: 'Stockholm' },
]
