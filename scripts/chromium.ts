/**
 * Debian's Chromium, started the same way by every tool here that drives a browser (the end-to-end tests, the
 * screen review, Lighthouse): Playwright cannot download a browser on these machines (../shared/TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Playwright's launch options, with the browser's own language Swedish (chromium-l10n): native date fields follow it, as on a Swedish phone. */
export function chromiumLaunchOptions() {
  // eslint-disable-next-line no-restricted-properties -- pass the environment on to the browser
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: { ...process.env, LANGUAGE: 'sv' } }
}
