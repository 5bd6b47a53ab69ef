import { displaysContext, type DisplaysDeps, type DisplaysPorts } from './displays.context'
import { displayCredential } from './displays.credential'
import { displayPairing } from './displays.pairing'
import { displayLive } from './displays.live'
import { displayReads } from './displays.reads'
import { displayScenes } from './displays.scenes'

export type { DisplaysPorts } from './displays.context'

/**
 * The office screens (issue 76, docs/decisions/101): a kiosk paired by its code, the credential it then holds, and
 * the list of screens with their revocation; what a screen shows, and the moments it interrupts its cycle for.
 */
export function displaysService(deps: DisplaysDeps, ports: DisplaysPorts) {
  const ctx = displaysContext(deps, ports)
  const credential = displayCredential(ctx)
  return {
    /** a screen asking for its code; pairing it, changing what it shows, revoking it */
    pairing: displayPairing(ctx, { changed: credential.forget }),
    /** the screen's own credential: checked on its every request, renewed once a day */
    credential,
    /** the screens an admin or a manager sees */
    reads: displayReads(ctx),
    /** what a paired screen shows, read for its office and teams */
    scenes: displayScenes(ctx),
    /** what screens hear at once: newsflashes, and that they were changed or revoked */
    live: displayLive(ctx),
  }
}
export type DisplaysService = ReturnType<typeof displaysService>
