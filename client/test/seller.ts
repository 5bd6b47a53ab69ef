import { afterEach, beforeEach, vi } from 'vitest'
import type { TimeReportInput } from '../../shared/schemas/time-reports'
import { offlineDb } from '../lib/offline-db'
import { clearSession, setSession } from '../lib/session'
import { serveApi } from './render'

/** The seller the phone's screens are tested as, and their device store. */
export const SELLER = 'seller-1'
export const sellerDb = () => offlineDb(SELLER)

/**
 * Each test of the file runs as the seller, signed in on a phone with no network (what they save waits on the
 * phone), at `now` by the clock only (the device store's timers run as they do); afterwards the device is empty.
 */
export function asSellerOffline(now: string | number) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) })
    setSession({
      userData: {
        id: SELLER,
        email: 'sara@demo.test',
        fullName: 'Sara Säljare',
        shortName: 'SS',
        role: 'seller',
        roleName: 'Säljare',
        teamIds: [],
        officeId: null,
        regionId: null,
        language: 'sv',
      },
      userAbilityRules: [{ action: 'create', subject: 'sales' }],
    })
    serveApi(() => {
      throw new TypeError('offline')
    })
  })
  afterEach(async () => {
    vi.useRealTimers()
    clearSession()
    await sellerDb().delete()
  })
}

/** A full working day as the seller reports it: present, 8 hours, no allowance. */
export const workedDay = (date: string): TimeReportInput => {
  const absent = { absenceHours: 0, absenceType: null, allowanceType: 0 as const, travelLocation: null, comment: null }
  return { id: crypto.randomUUID(), date, present: true, workHours: 8, ...absent }
}
