import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './scripts/chromium'

// E2E_PORT: a second checkout can run its suite beside this one.
export const PORT = Number(process.env.E2E_PORT ?? 4173)
export const BASE_URL = `http://localhost:${PORT}`

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Generous: a busy 2-core host has run the suite three to four times slower than an idle one. A test's budget is
  // about five times its time on an idle host (the long flows set their own); a wait only lasts this long when
  // something is wrong.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'sv-SE',
    trace: 'retain-on-failure',
    // The service worker precaches the whole app (about 170 files) in every new browser context: a fifth of the
    // suite's CPU for screens that do not need it. The specs about offline work and push turn it on.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  webServer: {
    // A fresh demo database for every run; the client must be built first (npm run build).
    command: "node -e \"require('fs').rmSync('.tmp/e2e',{recursive:true,force:true})\" && node dist-server/index.mjs",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), DATA_DIR: '.tmp/e2e', SCRYPT_LOG_N: '12', NODE_ENV: 'test', DEMO_MODE: 'true' },
  },
})
