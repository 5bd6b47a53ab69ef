import { getDevice, getDeviceSettings } from './devices-api'
import { devicesKeys } from './devices-keys'
import { useQuery } from '@tanstack/react-query'

/** The devices feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useDevice(id: string) {
  return useQuery({ queryKey: devicesKeys.detail(id), queryFn: ({ signal }) => getDevice(id, signal) })
}

export function useDeviceSettings() {
  return useQuery({ queryKey: devicesKeys.settings, queryFn: ({ signal }) => getDeviceSettings(signal) })
}
