/** The share of its quota past which the app's storage on a device is nearly full (issue 78). */
export const NEARLY_FULL = 0.8

export type StorageSpace = { usage: number; quota: number; persisted: boolean; nearlyFull: boolean }

/** What the app keeps on this device against what the browser allows it, and whether the browser may clear it. */
export async function storageSpace(): Promise<StorageSpace | null> {
  if (!navigator.storage?.estimate) return null
  const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)])
  const usage = estimate.usage ?? 0
  const quota = estimate.quota ?? 0
  return { usage, quota, persisted, nearlyFull: quota > 0 && usage / quota >= NEARLY_FULL }
}
