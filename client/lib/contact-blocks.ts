import { useEffect, useState } from 'react'
import { phoneBlocked } from '../../shared/rules/contact-blocks'
import { useStoreQuery } from './device-store'
import type { OfflineDb } from './offline-db'

/**
 * Whether a number is in the do-not-contact register, from the fingerprints the phone holds (decision 099): offline
 * too, as of the last sync. `false` while it is being worked out and for an empty number.
 */
export function usePhoneBlocked(db: OfflineDb, phone: string | null | undefined): boolean {
  const register = useStoreQuery(db, async () => (await db.contactBlocks.get('register'))?.hashes ?? [], [])
  const [blocked, setBlocked] = useState<{ phone: string; blocked: boolean } | null>(null)
  useEffect(() => {
    if (!phone || !register || register.length === 0) return
    let live = true
    void phoneBlocked(phone, new Set(register)).then((b) => live && setBlocked({ phone, blocked: b }))
    return () => {
      live = false
    }
  }, [phone, register])
  return !!phone && !!register && register.length > 0 && blocked?.phone === phone && blocked.blocked
}
