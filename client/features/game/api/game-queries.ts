import { gameKeys } from './game-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { getAdminBadges, getAdminLevels, getAdminRewards, getCompetition, getCompetitions, getGameMe, getMyBadges, getShop } from './game-api'

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

export function useRefreshGameLeaderboards() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof gameKeys.leaderboards>) => queryClient.invalidateQueries({ queryKey: gameKeys.leaderboards(...args) })
}
