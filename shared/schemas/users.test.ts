import { describe, expect, it } from 'vitest'
import { updateUserInputSchema, userEditOf, type UserDetail } from './users'

const detail = (over: Partial<UserDetail> = {}) =>
  ({
    id: 'u1',
    email: 'anna@demo.test',
    firstName: 'Anna',
    lastName: 'Lind',
    fullName: 'Anna Lind',
    shortName: null,
    phone: '070-123 45 67',
    employeeId: null,
    title: 'Säljare',
    language: null,
    roleId: '00000000-0000-4000-8000-000000000001',
    roleKey: 'seller',
    roleName: 'Säljare',
    teamId: null,
    teamName: null,
    officeId: null,
    officeName: null,
    regionName: null,
    coachedTeams: [],
    providers: [],
    teamProvider: null,
    driversLicense: true,
    employmentDate: '2026-03-01',
    educationDate: null,
    coachAssignedDate: null,
    canViewTeam: false,
    version: 7,
    ...over,
  }) as UserDetail

describe('a user as their edit opens', () => {
  it('is an edit the API takes, which changes nothing: unset text stays unset, dates and the version as they are', () => {
    const saved = updateUserInputSchema.parse(userEditOf(detail()))
    expect(saved).toMatchObject({
      email: 'anna@demo.test',
      shortName: null,
      phone: '070-123 45 67',
      employeeId: null,
      title: 'Säljare',
      teamId: null,
      language: null,
      employmentDate: '2026-03-01',
      educationDate: null,
      version: 7,
    })
  })

  it('leaves out what absent keeps: the sensitive fields, the providers and "can view team"', () => {
    const edit = userEditOf(detail({ canViewTeam: true, providers: [{ id: 'p1', name: 'Fiberlinjen', active: true }] }))
    for (const key of ['personalNumber', 'bankClearing', 'bankAccount', 'providerIds', 'canViewTeam']) expect(edit).not.toHaveProperty(key)
    const saved = updateUserInputSchema.parse(edit)
    expect([saved.personalNumber, saved.providerIds, saved.canViewTeam]).toEqual([undefined, undefined, undefined])
  })

  it('shows a field that is not set as empty, as the form’s inputs hold it', () => {
    expect(userEditOf(detail({ phone: null, coachAssignedDate: null }))).toMatchObject({ phone: '', coachAssignedDate: '', shortName: '' })
  })
})
