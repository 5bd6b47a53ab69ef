import { describe, expect, it } from 'vitest'
import { MUTATION_NAMES, MUTATIONS_BY_VERSION, SYNC_SCHEMA_MIN, SYNC_SCHEMA_VERSION } from './sync'

/** Sync versions during a rolling upgrade (decision 085): a released version's mutations never change. */
describe('sync versions', () => {
  it('version 2 carries exactly the mutations it was released with (a new mutation is a new version)', () => {
    expect(MUTATIONS_BY_VERSION[2]).toEqual(['createSale', 'correctSale', 'saveTimeReport', 'checkout', 'createSickNotice', 'acknowledgeGuide', 'recordVisit'])
  })

  it('the current version names every mutation the server applies, and each version still applied stays applied', () => {
    expect([...MUTATIONS_BY_VERSION[SYNC_SCHEMA_VERSION]!].sort()).toEqual([...MUTATION_NAMES].sort())
    expect(SYNC_SCHEMA_MIN).toBeLessThanOrEqual(SYNC_SCHEMA_VERSION)
    for (let v = SYNC_SCHEMA_MIN; v <= SYNC_SCHEMA_VERSION; v++) {
      expect(MUTATIONS_BY_VERSION[v], `version ${v}`).toBeDefined()
      for (const name of MUTATIONS_BY_VERSION[v]!) expect(MUTATION_NAMES, `version ${v}: ${name}`).toContain(name)
    }
  })
})
