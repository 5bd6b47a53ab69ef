import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { UserActor, UserRow } from './users.service'
import { externalAccountsContext } from './external-accounts.context'
export { REVEAL_THROTTLE } from './external-accounts.context'

import { externalAccountTemplates } from './external-accounts.templates'
import { externalAccounts } from './external-accounts.accounts'

/**
 * External accounts (docs/decisions/043): templates of the outside systems sellers sign in to, and each user's
 * account there. A password is sealed at rest and shown only after the reader types the last four digits of the
 * account holder's personal number; wrong answers are counted, and every reading is logged.
 */
export function externalAccountsService(
  deps: Pick<Deps, 'database' | 'secrets'>,
  opts: { mayChange: (tx: Db, actor: UserActor, id: string) => Promise<UserRow>; now?: () => number },
) {
  const ctx = externalAccountsContext(deps, opts)
  return { templateAdmin: externalAccountTemplates(ctx), accounts: externalAccounts(ctx) }
}
