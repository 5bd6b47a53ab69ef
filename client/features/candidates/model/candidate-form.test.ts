import { describe, expect, it } from 'vitest'
import type { CandidateDetail } from '../../../../shared/schemas/candidates'
import {
  candidateToForm,
  createFormSchema,
  EMPTY_OWN_DETAILS,
  formToCreate,
  formToUpdate,
  newCandidateForm,
  ownDetailsFormSchema,
  updateFormSchema,
} from './candidate-form'

const stored = {
  id: 'c1',
  firstName: 'Åsa',
  lastName: 'Öberg',
  email: 'asa@example.test',
  phone: null,
  language: 'sv',
  region: { id: '00000000-0000-4000-8000-000000000001', name: 'Region Syd' },
  recruiter: { id: '00000000-0000-4000-8000-000000000002', name: 'Rut' },
  startDate: '2027-01-04',
  address: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  favouriteCake: null,
  specialDiet: null,
  tshirtSize: 'M',
  shoeSize: '42',
  driversLicense: false,
  iceType: null,
  iceName: null,
  icePhone: null,
  private: { personalNumber: '19811218-****', bankClearing: '6789', bankAccount: '••••6789' },
  version: 3,
} as unknown as CandidateDetail

describe('the candidate form', () => {
  it('shows a stored candidate with the numbers left empty and the selects as text', () => {
    const f = candidateToForm(stored)
    expect(f).toMatchObject({ phone: '', tshirtSize: 'M', driversLicense: 'no', iceType: '', personalNumber: '', bankAccount: '', version: 3 })
  })

  it('an untouched edit keeps the numbers (absent) and sends the selects empty as null', () => {
    const out = formToUpdate(candidateToForm(stored))
    expect(out).toMatchObject({ phone: null, tshirtSize: 'M', driversLicense: false, iceType: null })
    expect(out.personalNumber).toBeUndefined()
    expect(updateFormSchema.safeParse(candidateToForm(stored)).success).toBe(true)
  })

  it('a typed number is sent and checked by the shared rules, the field named', () => {
    const bad = updateFormSchema.safeParse({ ...candidateToForm(stored), personalNumber: '19811218-9875' })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['personalNumber', 'validation.candidateIdentity']])
    const ok = updateFormSchema.parse({ ...candidateToForm(stored), personalNumber: '811218-9876', driversLicense: 'yes' })
    expect(ok).toMatchObject({ personalNumber: '198112189876', driversLicense: true })
  })

  it('a new candidate sends only what adding takes; no recruiter chosen is the one who adds', () => {
    const f = { ...newCandidateForm({ regionId: stored.region.id }), firstName: 'Noah', lastName: 'B', email: 'noah@example.test', address: 'ignored' }
    expect(formToCreate(f)).toEqual({
      firstName: 'Noah',
      lastName: 'B',
      email: 'noah@example.test',
      phone: null,
      language: 'sv',
      regionId: stored.region.id,
      recruiterId: undefined,
      startDate: null,
    })
    expect(createFormSchema.safeParse(f).success).toBe(true)
    expect(createFormSchema.safeParse({ ...f, regionId: '' }).success).toBe(false)
  })
})

describe("the candidate's own page", () => {
  const filled = {
    ...EMPTY_OWN_DETAILS,
    phone: '070-765 43 21',
    address: 'Storgatan 1',
    postalCode: '11122',
    city: 'Stockholm',
    personalNumber: '131052-308T',
    bankClearing: '6789',
    bankAccount: '123 456 789',
    driversLicense: 'yes' as const,
  }
  it('sends what they typed, the account without spaces and the licence as yes', () => {
    expect(ownDetailsFormSchema.parse(filled)).toMatchObject({
      personalNumber: '131052-308T',
      bankAccount: '123456789',
      driversLicense: true,
      tshirtSize: null,
    })
  })
  it('names every field that is missing or cannot be right', () => {
    const r = ownDetailsFormSchema.safeParse({ ...EMPTY_OWN_DETAILS, personalNumber: '131052-308U', bankClearing: '12' })
    expect(r.success).toBe(false)
    expect(new Set(r.error!.issues.map((i) => i.path[0]))).toEqual(
      new Set(['phone', 'address', 'postalCode', 'city', 'personalNumber', 'bankClearing', 'bankAccount']),
    )
  })
})
