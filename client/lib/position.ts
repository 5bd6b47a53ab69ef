import { useSyncExternalStore } from 'react'
import type { Position } from '../../shared/schemas/maps'

/**
 * Positions on sales (docs/decisions/074): recorded only when the organisation has them on (the server says so in its
 * answer to the device's report) and the seller has said yes on this device; one reading when a sale is saved, never
 * a watch between sales. Kept in this browser's storage (a lost device's wipe removes it).
 */
const KEY = 'saljkraft-positions'
type Policy = { organisation: boolean; seller: boolean }
const listeners = new Set<() => void>()
let cached: Policy | null = null

function read(): Policy {
  if (cached) return cached
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Policy> | null
    cached = { organisation: stored?.organisation === true, seller: stored?.seller === true }
  } catch {
    cached = { organisation: false, seller: false }
  }
  return cached
}

function write(change: Partial<Policy>) {
  const next = { ...read(), ...change }
  if (next.organisation === read().organisation && next.seller === read().seller) return
  cached = next
  try {
    localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // storage full or blocked: kept for this session
  }
  listeners.forEach((l) => l())
}

/** The organisation's setting, as the server's answer to the device's report tells it. */
export const setOrganisationPositions = (on: boolean) => write({ organisation: on })
/** The seller's own yes or no on this device. */
export const setSellerPositions = (on: boolean) => write({ seller: on })

export function usePositionPolicy(): Policy {
  return useSyncExternalStore((l) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }, read)
}

/** One reading of where the device is, or null (not allowed, refused, no fix in time); rounded to about a metre. */
export function readPosition(timeoutMs = 15_000): Promise<Position | null> {
  const policy = read()
  if (!policy.organisation || !policy.seller || !('geolocation' in navigator)) return Promise.resolve(null)
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: Math.round(p.coords.latitude * 1e5) / 1e5,
          lng: Math.round(p.coords.longitude * 1e5) / 1e5,
          accuracy: Math.min(100_000, Math.round(p.coords.accuracy)),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    )
  })
}

/** A reading started now and waited for at most `ms` more when it is needed (the save does not wait long). */
export function positionWithin<T>(reading: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([reading, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))])
}
