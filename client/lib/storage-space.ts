/** The share of its quota past which the app's storage on a device is nearly full (issue 78). */
export const NEARLY_FULL = 0.8

/** `share`: the part of the quota in use, 0–1 (0 when the browser gives no quota) */
export type StorageSpace = { usage: number; quota: number; share: number; persisted: boolean; nearlyFull: boolean }

/** What the app keeps on this device against what the browser allows it, and whether the browser may clear it. */
export async function storageSpace(): Promise<StorageSpace | null> {
  if (!navigator.storage?.estimate) return null
  const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)])
  const usage = estimate.usage ?? 0
  const quota = estimate.quota ?? 0
  const share = quota > 0 ? Math.min(1, usage / quota) : 0
  return { usage, quota, share, persisted, nearlyFull: share >= NEARLY_FULL }
}
