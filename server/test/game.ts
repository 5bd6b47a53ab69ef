import type { createTestApp } from './harness'
import { catalogService } from '../modules/catalog/catalog.service'
import { orgRepo } from '../modules/org/org.repo'
import { usersDirectory } from '../modules/users/users.directory'
import { gameService } from '../modules/game/game.service'

/**
 * The game's service for a test to call directly (a fixed "now", concurrent buyers), with the same ports as the app's.
 * Its jobs are the app's: the app's own game service has defined their handlers already.
 */
export function testGame(app: Awaited<ReturnType<typeof createTestApp>>) {
  const org = orgRepo(app.database)
  const directory = usersDirectory(app.database)
  return gameService(
    { database: app.database, events: app.events, jobs: { ...app.jobs, define: () => undefined } },
    {
      gamePoints: catalogService(app.database).gamePoints,
      saleForGame: async () => null,
      officesOfRegion: org.officesOfRegion,
      placeNames: org.placeNames,
      names: (db, ids) => directory.places.names(db, { userIds: ids }),
    },
  )
}
