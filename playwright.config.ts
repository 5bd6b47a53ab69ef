import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './scripts/chromium'

// E2E_PORT: a second checkout can run its suite beside this one.
export const PORT = Number(process.env.E2E_PORT ?? 4173)
export const BASE_URL = `http://localhost:${PORT}`
/** The test identity provider's port and issuer (e2e/oidc-provider.ts), beside the app's. */
export const OP_PORT = PORT + 26
export const OP_ISSUER = `http://127.0.0.1:${OP_PORT}`

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
    // No trace by default: recording one (a screencast and a DOM snapshot at every step) doubled the suite's CPU
    // time, for every passing test, to keep the few of a failing one. To see a failure step by step, run it again
    // with `npx playwright test <file> --trace on` and open the trace with `npx playwright show-trace`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker precaches the whole app (about 170 files) in every new browser context: a fifth of the
    // suite's CPU for screens that do not need it. The specs about offline work and push turn it on.
    serviceWorkers: 'block',
    // A reader who asked for less motion (the app then shows dialogs, menus and toasts at once): every click waits for
    // its target to stand still, and an animation is frames of the machine's time for nothing a test looks at.
    reducedMotion: 'reduce',
    // The headless shell: the pages without a browser around them (scripts/chromium.ts).
    launchOptions: chromiumLaunchOptions('shell'),
  },
  // Every test runs on a desktop, and those tagged @phone on a phone too: the seller's screens, the shell, the
  // public survey and one flow of each dialog pattern (every other screen is walked at phone size by
  // e2e/shell/phone-walk.spec.ts). A seller's day in the field (@phone-only) runs on the phone alone: it is the
  // same code on a desk, whose seller screens the desktop's permission matrix and accessibility specs draw.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  webServer: [
    {
      // A fresh demo database for every run; the client must be built first (npm run build).
      command: "node -e \"require('fs').rmSync('.tmp/e2e',{recursive:true,force:true})\" && node dist-server/index.mjs",
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT), DATA_DIR: '.tmp/e2e', SCRYPT_LOG_N: '12', NODE_ENV: 'test', DEMO_MODE: 'true' },
    },
    {
      // The organisation's identity provider the sign-in specs go out to (e2e/oidc-provider.ts).
      command: 'npx tsx e2e/oidc-provider.ts',
      url: `${OP_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(PORT), E2E_OP_PORT: String(OP_PORT) },
    },
  ],
})
