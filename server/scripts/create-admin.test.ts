import { createDeps } from '../platform/deps'
import { execFileSync } from 'node:child_process'
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { bootDatabase } from '../boot'
import { testEnv } from '../test/harness'

describe('production start', () => {
  // Its own budget: two fresh databases migrated from nothing (69 migrations on PostgreSQL) and a child process that
  // compiles the script with tsx — on a busy 2-core host that alone took over the default 20 s (stop 80's CI run).
  it('seeds no demo data, and create-admin makes the first admin who can sign in', { timeout: 90_000 }, async () => {
    const { env, cleanup } = await testEnv({ NODE_ENV: 'production', DEMO_MODE: 'false', APP_ORIGINS: 'https://app.company.se' })
    try {
      const database = await bootDatabase(env)
      const { t } = database
      expect((await database.db.select({ n: count() }).from(t.users))[0]!.n).toBe(0)
      expect((await database.db.select({ n: count() }).from(t.roles))[0]!.n).toBe(6)
      await database.close()

      execFileSync('npx', ['tsx', 'server/scripts/create-admin.ts', '--email', 'Boss@Company.se', '--name', 'Ada Boss'], {
        env: {
          // eslint-disable-next-line no-restricted-properties -- the child needs PATH and the test's settings
          ...process.env,
          NODE_ENV: 'production',
          DEMO_MODE: 'false',
          DATA_DIR: env.dataDir,
          DATABASE_URL: env.databaseUrl ?? '',
          SCRYPT_LOG_N: '10',
          ADMIN_PASSWORD: 'a-strong-first-password',
        },
        stdio: 'pipe',
      })

      const again = await bootDatabase(env)
      const app = createApp(await createDeps(env, again))
      const res = await app.request('https://app.company.se/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://app.company.se' },
        body: JSON.stringify({ email: 'boss@company.se', password: 'a-strong-first-password' }),
      })
      expect(res.status).toBe(200)
      const body = (await res.json()) as { userData: { role: string; fullName: string }; userAbilityRules: unknown[] }
      expect(body.userData.role).toBe('admin')
      expect(body.userData.fullName).toBe('Ada Boss')
      expect(body.userAbilityRules).toEqual([{ action: 'manage', subject: 'all' }])
      await again.close()
    } finally {
      await cleanup()
    }
  })
})
