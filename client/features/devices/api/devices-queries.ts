import { devicesKeys } from './devices-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getDevice, getDeviceSettings } from './devices-api'

/** The devices feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useDevice(id: string) {
  return useQuery({ queryKey: devicesKeys.detail(id), queryFn: ({ signal }) => getDevice(id, signal) })
}

export function useDeviceSettings() {
  return useQuery({ queryKey: devicesKeys.settings, queryFn: ({ signal }) => getDeviceSettings(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshDevices() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: devicesKeys.all })
}
