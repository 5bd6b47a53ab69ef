import { randomUUID } from 'node:crypto'
import { createInterface } from 'node:readline/promises'
import { eq } from 'drizzle-orm'
import { emailSchema, newPasswordSchema } from '../../shared/schemas/auth'
import { bootDatabase } from '../boot'
import { loadEnv } from '../env'
import { hashPassword } from '../lib/password'

/**
 * Creates the first admin of a production installation:
 *   npm run create-admin -- --email you@company.se --name "First Last"
 * The password is read from ADMIN_PASSWORD or asked for on the terminal.
 */
async function main() {
  const args = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? args[i + 1] : undefined
  }
  const env = loadEnv()
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  const email = emailSchema.parse(arg('email') ?? (await rl.question('E-mail: ')))
  const name = (arg('name') ?? (await rl.question('Name: '))).trim()
  // eslint-disable-next-line no-restricted-properties -- a one-off secret for this script, not configuration
  const password = newPasswordSchema.parse(process.env.ADMIN_PASSWORD ?? (await rl.question('Password (10+ characters): ')))
  rl.close()
  const [firstName = name, ...rest] = name.split(/\s+/)

  const database = await bootDatabase({ ...env, demoMode: false })
  const { t } = database
  const passwordHash = await hashPassword(password, env.scryptLogN)
  await database.transaction(async (tx) => {
    const [role] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.key, 'admin'))
    if (!role) throw new Error('The admin role is missing.')
    const [existing] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email))
    if (existing) throw new Error(`A user with the e-mail ${email} exists already.`)
    const now = Date.now()
    await tx.insert(t.users).values({
      id: randomUUID(),
      email,
      passwordHash,
      firstName,
      lastName: rest.join(' '),
      shortName: null,
      roleId: role.id,
      teamId: null,
      officeId: null,
      employeeId: null,
      phone: null,
      language: null,
      active: true,
      createdAt: now,
      updatedAt: now,
    })
  })
  await database.close()
  console.log(`Created the admin ${email}.`)
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
