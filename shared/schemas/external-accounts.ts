import { z } from 'zod'

/** External accounts (docs/decisions/043). */

export const EXTERNAL_TEMPLATE_NAME_MAX = 80
export const EXTERNAL_PASSWORD_MAX = 200
/** The placeholders a user-name pattern may use. */
export const USERNAME_PLACEHOLDERS = ['firstName', 'lastName', 'email', 'employeeId', 'shortName'] as const

const pattern = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine((v) => [...v.matchAll(/\{([^}]*)\}/g)].every((m) => (USERNAME_PLACEHOLDERS as readonly string[]).includes(m[1]!)), {
    error: 'validation.usernamePattern',
  })

export const externalTemplateInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(EXTERNAL_TEMPLATE_NAME_MAX),
  loginUrl: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { error: 'validation.httpsAddress' })
    .transform((v) => (v === '' ? null : v)),
  usernamePattern: pattern,
  instructions: z.string().trim().max(1000),
})
export type ExternalTemplateInput = z.input<typeof externalTemplateInputSchema>
export const externalTemplateUpdateSchema = externalTemplateInputSchema.extend({ version: z.number().int().min(1) })
export type ExternalTemplateUpdate = z.input<typeof externalTemplateUpdateSchema>

export type ExternalTemplateItem = {
  id: string
  name: string
  loginUrl: string | null
  usernamePattern: string
  instructions: string
  version: number
  accountCount: number
  createdAt: number
}

/** A user's account in one system: set as seen (`version` null when there was none yet). */
export const externalAccountInputSchema = z.strictObject({
  username: z.string().trim().min(1).max(120),
  /** absent keeps the stored password; a value replaces it */
  password: z.string().min(1).max(EXTERNAL_PASSWORD_MAX).optional(),
  version: z.number().int().min(1).nullable(),
})
export type ExternalAccountInput = z.input<typeof externalAccountInputSchema>

/** The last four digits of the account holder's personal number, as confirmation before a password is shown. */
export const revealExternalPasswordSchema = z.strictObject({
  ssnLast4: z.string().regex(/^\d{4}$/, { error: 'validation.ssnLast4' }),
})
export type RevealExternalPassword = z.input<typeof revealExternalPasswordSchema>

export const externalTemplateParamSchema = z.strictObject({ templateId: z.string().min(1).max(64) })
export const externalAccountParamSchema = z.strictObject({ id: z.string().min(1).max(64), templateId: z.string().min(1).max(64) })

/** One system as a user's page or profile shows it: the template, and the user's account there if any. */
export type ExternalAccountRow = {
  templateId: string
  name: string
  loginUrl: string | null
  instructions: string
  /** the stored user name, or the one the pattern gives this user */
  username: string
  account: { version: number; hasPassword: boolean; passwordSetAt: number | null } | null
}

/** A user name from a pattern: placeholders filled, spaces dropped, lower case ("Sven Säljare" → "sven.saljare"). */
export function usernameFrom(pattern: string, u: Partial<Record<(typeof USERNAME_PLACEHOLDERS)[number], string | null>>): string {
  const fold = (v: string) =>
    v
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '')
      .toLowerCase()
  return pattern.replace(/\{([^}]*)\}/g, (_, key: string) => fold((u as Record<string, string | null | undefined>)[key] ?? ''))
}
