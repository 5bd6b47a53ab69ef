import { gameKeys } from './game-keys'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { GamePurchaseStatus, GameStanding, LeaderboardQuery } from '../../../../shared/schemas/game'
import {
  buyReward,
  cancelPurchase,
  getAdminBadges,
  getAdminLevels,
  getAdminPurchases,
  getAdminRewards,
  getCompetition,
  getCompetitions,
  getGameMe,
  getLeaderboard,
  getMyBadges,
  getPlayer,
  getShop,
  setRanked,
} from './game-api'

/** The game feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useAdminBadges() {
  return useQuery({ queryKey: gameKeys.admin.badges(), queryFn: ({ signal }) => getAdminBadges(signal) })
}

export function useCompetitions() {
  return useQuery({ queryKey: gameKeys.competitions(), queryFn: ({ signal }) => getCompetitions(signal) })
}

export function useAdminLevels() {
  return useQuery({ queryKey: gameKeys.admin.levels(), queryFn: ({ signal }) => getAdminLevels(signal) })
}

export function useAdminRewards() {
  return useQuery({ queryKey: gameKeys.admin.rewards(), queryFn: ({ signal }) => getAdminRewards(signal) })
}

export function useMyBadges() {
  return useQuery({ queryKey: gameKeys.badges(), queryFn: ({ signal }) => getMyBadges(signal) })
}

export function useCompetition(id: string) {
  return useQuery({ queryKey: gameKeys.competition(id), queryFn: ({ signal }) => getCompetition(id, signal), placeholderData: keepPreviousData })
}

export function useGameMe() {
  return useQuery({ queryKey: gameKeys.me(), queryFn: ({ signal }) => getGameMe(signal) })
}

export function useShop() {
  return useQuery({ queryKey: gameKeys.shop(), queryFn: ({ signal }) => getShop(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshGame() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: gameKeys.all })
}

/** The shop's purchases in one state (or all), the list kept while another state is read. */
export function useAdminPurchases(status: GamePurchaseStatus | 'all') {
  return useQuery({
    queryKey: gameKeys.admin.purchases(status),
    queryFn: ({ signal }) => getAdminPurchases(status === 'all' ? undefined : status, signal),
    placeholderData: keepPreviousData,
  })
}

/** The signed-in person's game, or (a coach or manager from a leaderboard) another person's, read only. */
export function usePlayerStanding(person: string | null) {
  return useQuery({
    queryKey: person ? gameKeys.player(person) : gameKeys.me(),
    queryFn: ({ signal }): Promise<GameStanding & { name?: string }> => (person ? getPlayer(person, signal) : getGameMe(signal)),
  })
}

/** A leaderboard, the previous one kept while another scope or period is read. */
export function useLeaderboard({ scope, period, teamId }: Required<Pick<LeaderboardQuery, 'scope' | 'period'>> & LeaderboardQuery) {
  return useQuery({
    queryKey: gameKeys.leaderboard(scope, period, teamId ?? ''),
    queryFn: ({ signal }) => getLeaderboard({ scope, period, teamId }, signal),
    placeholderData: keepPreviousData,
  })
}

type Outcome<R> = { onSuccess?: (answer: R) => void; onError?: (err: unknown) => void }

/** Whether others see the person in their leaderboards; the leaderboards are read again. */
export function useSetRanked(outcome: Outcome<Awaited<ReturnType<typeof setRanked>>>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (value: boolean) => setRanked(value),
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer)
      void queryClient.invalidateQueries({ queryKey: gameKeys.leaderboards() })
    },
    onError: outcome.onError,
  })
}

/** Buys a reward's variant (a new purchase id each time); the game is read again either way (coins, stock). */
export function useBuyReward(outcome: Outcome<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variantId: string) => buyReward(crypto.randomUUID(), variantId),
    ...outcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  })
}

/** Cancels a purchase not yet handed out (the coins come back); the game is read again either way. */
export function useCancelPurchase(outcome: Outcome<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (purchase: { id: string; version: number }) => cancelPurchase(purchase.id, purchase.version),
    ...outcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  })
}
