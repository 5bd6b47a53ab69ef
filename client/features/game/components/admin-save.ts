import { snackbar } from '../../../lib/snackbar-store'
import { useRefreshGame } from '../api/game-queries'

type Saved = { id: string; version: number }

/**
 * The save of a game admin editor (a level, a badge, a reward, a competition): the open one updated as it was read
 * (its version, so a change made meanwhile is a conflict) or a new one created, said by its name, the game read
 * again, and the editor closed.
 */
export function useGameAdminSave(said: (name: string) => string, onClose: () => void) {
  const refreshGame = useRefreshGame()
  return async <I extends { name: string }>(
    open: Saved | undefined,
    body: I,
    calls: { create: (body: I) => Promise<unknown>; update: (id: string, version: number, body: I) => Promise<unknown> },
  ) => {
    if (open) await calls.update(open.id, open.version, body)
    else await calls.create(body)
    snackbar.success(said(body.name))
    void refreshGame()
    onClose()
  }
}
