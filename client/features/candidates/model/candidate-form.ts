import { z } from 'zod'
import {
  candidateOwnDetailsSchema,
  type CandidateOwnDetailsInput,
  createCandidateSchema,
  updateCandidateSchema,
  type CandidateDetail,
  type CreateCandidateInput,
  type UpdateCandidateInput,
} from '../../../../shared/schemas/candidates'

/**
 * The candidate form's values (what the inputs hold: text, a select's value) and their mapping to and from the API
 * (docs/decisions/070). Identity and bank numbers are never filled in from the stored record: empty keeps them.
 */
export type CandidateForm = {
  firstName: string
  lastName: string
  email: string
  phone: string
  language: 'sv' | 'en' | 'fi'
  regionId: string
  recruiterId: string
  startDate: string
  address: string
  postalCode: string
  city: string
  favouriteCake: string
  specialDiet: string
  tshirtSize: string
  shoeSize: string
  /** '' not given, 'yes', 'no' */
  driversLicense: '' | 'yes' | 'no'
  iceType: string
  iceName: string
  icePhone: string
  personalNumber: string
  bankClearing: string
  bankAccount: string
  version: number
}

const CREATE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'language', 'regionId', 'recruiterId', 'startDate'] as const

/** An empty form for a new candidate: the reader's own region and themselves as the recruiter when they have one. */
export function newCandidateForm(defaults: { regionId?: string | null; recruiterId?: string | null }): CandidateForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    language: 'sv',
    regionId: defaults.regionId ?? '',
    recruiterId: defaults.recruiterId ?? '',
    startDate: '',
    address: '',
    postalCode: '',
    city: '',
    favouriteCake: '',
    specialDiet: '',
    tshirtSize: '',
    shoeSize: '',
    driversLicense: '',
    iceType: '',
    iceName: '',
    icePhone: '',
    personalNumber: '',
    bankClearing: '',
    bankAccount: '',
    version: 0,
  }
}

/** The form of a stored candidate (the numbers left empty: empty keeps them). */
export function candidateToForm(c: CandidateDetail): CandidateForm {
  const s = (v: string | null) => v ?? ''
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: s(c.phone),
    language: c.language,
    regionId: c.region.id,
    recruiterId: c.recruiter.id,
    startDate: s(c.startDate),
    address: s(c.address),
    postalCode: s(c.postalCode),
    city: s(c.city),
    favouriteCake: s(c.favouriteCake),
    specialDiet: s(c.specialDiet),
    tshirtSize: s(c.tshirtSize),
    shoeSize: s(c.shoeSize),
    driversLicense: c.driversLicense === null ? '' : c.driversLicense ? 'yes' : 'no',
    iceType: s(c.iceType),
    iceName: s(c.iceName),
    icePhone: s(c.icePhone),
    personalNumber: '',
    bankClearing: '',
    bankAccount: '',
    version: c.version,
  }
}

/** What a new candidate's form sends: its own fields, the recruiter only when chosen. */
export function formToCreate(f: CandidateForm): CreateCandidateInput {
  const picked = Object.fromEntries(CREATE_FIELDS.map((k) => [k, f[k]])) as Pick<CandidateForm, (typeof CREATE_FIELDS)[number]>
  return { ...picked, recruiterId: picked.recruiterId || undefined, phone: picked.phone || null, startDate: picked.startDate || null }
}

/** What an edit sends: every field, the selects' empty choice as null, the numbers only when typed. */
export function formToUpdate(f: CandidateForm): UpdateCandidateInput {
  const orNull = (v: string) => (v === '' ? null : v)
  return {
    ...f,
    phone: orNull(f.phone),
    startDate: orNull(f.startDate),
    tshirtSize: orNull(f.tshirtSize),
    iceType: orNull(f.iceType),
    driversLicense: f.driversLicense === '' ? null : f.driversLicense === 'yes',
    personalNumber: f.personalNumber || undefined,
    bankClearing: f.bankClearing || undefined,
    bankAccount: f.bankAccount || undefined,
  } as UpdateCandidateInput
}

/** The forms' schemas: the API's own, over the mapping (the same messages on the screen as from the server). */
export const createFormSchema = z.preprocess((v) => formToCreate(v as CandidateForm), createCandidateSchema) as unknown as z.ZodType<
  z.output<typeof createCandidateSchema>,
  CandidateForm
>
export const updateFormSchema = z.preprocess((v) => formToUpdate(v as CandidateForm), updateCandidateSchema) as unknown as z.ZodType<
  z.output<typeof updateCandidateSchema>,
  CandidateForm
>

/** The candidate's own page's values (text and the selects' values). */
export type OwnDetailsForm = {
  phone: string
  address: string
  postalCode: string
  city: string
  personalNumber: string
  bankClearing: string
  bankAccount: string
  tshirtSize: string
  shoeSize: string
  favouriteCake: string
  specialDiet: string
  driversLicense: '' | 'yes' | 'no'
  iceType: string
  iceName: string
  icePhone: string
}

export const EMPTY_OWN_DETAILS: OwnDetailsForm = {
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  personalNumber: '',
  bankClearing: '',
  bankAccount: '',
  tshirtSize: '',
  shoeSize: '',
  favouriteCake: '',
  specialDiet: '',
  driversLicense: '',
  iceType: '',
  iceName: '',
  icePhone: '',
}

/** What the candidate's page sends: the selects' empty choice as null, the licence as yes or no. */
export function ownDetailsToInput(f: OwnDetailsForm): CandidateOwnDetailsInput {
  const orNull = (v: string) => (v === '' ? null : v)
  return {
    ...f,
    tshirtSize: orNull(f.tshirtSize),
    iceType: orNull(f.iceType),
    driversLicense: f.driversLicense === '' ? null : f.driversLicense === 'yes',
  } as CandidateOwnDetailsInput
}

export const ownDetailsFormSchema = z.preprocess((v) => ownDetailsToInput(v as OwnDetailsForm), candidateOwnDetailsSchema) as unknown as z.ZodType<
  z.output<typeof candidateOwnDetailsSchema>,
  OwnDetailsForm
>
