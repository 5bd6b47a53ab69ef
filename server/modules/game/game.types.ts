/** Who asks the game for a board or a standing: their id and places (the session's user data). */
export type GamePlayer = { id: string; teamIds: string[]; officeId: string | null; regionId: string | null }
