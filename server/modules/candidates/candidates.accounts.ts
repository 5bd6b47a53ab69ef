import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { validationError } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import type { SecretBox } from '../../platform/secret-box'
import type { CandidateRow, CandidatesContext } from './candidates.context'
import type { Directory } from './candidates.directory'
import type { StepRunner } from './candidates.steps'

/** Letters and digits people do not confuse when they read a password aloud or copy it from a screen. */
const PASSWORD_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A temporary password: 16 characters, with a lower-case letter, an upper-case letter and a digit (a directory's rules). */
export function temporaryPassword(): string {
  for (;;) {
    const p = Array.from({ length: 16 }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join('')
    if (/[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p)) return p
  }
}

/**
 * Step 4, the accounts (docs/decisions/070): one action makes the local seller account (the chosen team in the
 * candidate's region, the candidate's details carried over, a temporary password shown once to who started it) and
 * the directory account when a directory is configured. The directory's id is stored as soon as the account exists,
 * and the local user is made in the step's own transaction with the candidate's link to it: running the step again
 * never makes a second of either. Without a directory the step makes the local account and says so.
 */
export function candidatesAccounts(ctx: CandidatesContext, directory: Directory | null, secrets: SecretBox) {
  const { database, db, env, c, ports } = ctx

  /** What starting the step checks and prepares: the team, in the candidate's region; the password, hashed and sealed. */
  async function prepareStart(teamId: string | undefined, translate: Translate) {
    if (!teamId) throw validationError({ teamId: [translate('validation.required')] })
    const password = temporaryPassword()
    const passwordHash = await hashPassword(password, env.scryptLogN)
    const check = async (tx: Db, row: CandidateRow) => {
      const place = await ports.teamRegion(tx, teamId)
      if (!place || place.regionId !== row.regionId) throw validationError({ teamId: [translate('validation.teamOutsideRegion')] })
    }
    return { password, extra: { passwordHash, sealed: secrets.seal(password) }, check }
  }

  const runner: StepRunner = {
    async outside(candidate, run) {
      if (!directory) return { directory: null }
      if (candidate.directoryId) return { directory: directory.kind }
      const country = (await ports.regionCountry(db, candidate.regionId)) ?? 'SE'
      const account = await directory.ensureAccount({
        candidateId: candidate.id,
        firstName: candidate.firstName,
        lastName: candidate.lastName,
        email: candidate.email,
        phone: candidate.phone,
        country,
        password: secrets.open(run.extra.sealed!),
      })
      // Kept at once: a run after a failure further on finds the account instead of making another.
      await database.transaction(async (tx) => {
        await tx.update(c).set({ directoryId: account.id, directoryEmail: account.email }).where(eq(c.id, candidate.id))
      })
      return { directory: directory.kind }
    },
    async commit(tx, candidate, run, outside, now) {
      let userId = candidate.userId
      if (!userId) {
        const created = await ports.createSeller(
          tx,
          {
            email: candidate.email,
            firstName: candidate.firstName,
            lastName: candidate.lastName,
            phone: candidate.phone,
            language: candidate.language,
            teamId: run.input.teamId!,
            passwordHash: run.extra.passwordHash!,
            details: {
              personalNumber: candidate.personalNumber && /^\d{12}$/.test(candidate.personalNumber) ? candidate.personalNumber : null,
              bankClearing: candidate.bankClearing,
              bankAccount: candidate.bankAccount,
              shoeSize: candidate.shoeSize,
              tshirtSize: candidate.tshirtSize,
              specialDiet: candidate.specialDiet,
              favouriteCake: candidate.favouriteCake,
              iceName: candidate.iceName,
              icePhone: candidate.icePhone,
              iceRelation: candidate.iceType,
              driversLicense: candidate.driversLicense ?? false,
              employmentDate: candidate.startDate,
            },
          },
          run.startedBy,
          now,
        )
        userId = created.userId
        await tx.update(c).set({ userId }).where(eq(c.id, candidate.id))
      }
      const [fresh] = await tx.select({ directoryEmail: c.directoryEmail }).from(c).where(eq(c.id, candidate.id))
      return {
        status: 'done',
        detail: { userId, directory: outside?.directory ? String(outside.directory) : null, directoryEmail: fresh?.directoryEmail ?? null },
      }
    },
  }

  return { prepareStart, runner }
}
