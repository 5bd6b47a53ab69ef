import fs from 'node:fs'

/**
 * Debian's Chromium, started the same way by every tool here that drives a browser (the end-to-end tests, the
 * screen review, Lighthouse): Playwright cannot download a browser on these machines (../shared/TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same version as the browser): the page without
 * the browser around it, which is what Playwright itself runs headless tests in. The end-to-end suite takes about a
 * sixth less of the machine in it (docs/benchmarks.md). It has no notification platform: a spec about system
 * notifications runs in the full browser (`chromiumLaunchOptions('browser')`).
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Playwright's launch options, with the browser's own language Swedish (chromium-l10n): native date fields follow
 * it, as on a Swedish phone. `shell`: the headless shell where it is installed (scripts/setup.sh installs it), the
 * full browser otherwise.
 */
export function chromiumLaunchOptions(kind: 'shell' | 'browser' = 'browser') {
  const executablePath = kind === 'shell' && fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH
  // eslint-disable-next-line no-restricted-properties -- pass the environment on to the browser
  return { executablePath, args: CHROMIUM_ARGS, env: { ...process.env, LANGUAGE: 'sv' } }
}
