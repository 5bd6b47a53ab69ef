import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { SMOKE, sized } from './lib'

/**
 * bench:lighthouse — Lighthouse (Debian's Chromium) on /login and a signed-in dashboard page, mobile and
 * desktop presets, 3 runs each; prints the median performance score, FCP, LCP, TBT, CLS and host benchmark index.
 * Target: mobile performance ≥ 95, CLS < 0.02. Needs a build (npm run build).
 *
 * The mobile preset slows the CPU 4×, a factor Lighthouse sets for a host with a benchmark index of about
 * 1,500; the bench prints the index it measured (this 2-core machine has given 1,050–3,300 on different runs
 * and days, so the same build scores differently on a busy or slower host: compare medians taken with the
 * machine idle, and the builds one after the other).
 */
const PORT = 3993
const BASE = `http://127.0.0.1:${PORT}`
const RUNS = sized(3, 1)
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

if (!fs.existsSync('dist-server/index.mjs') || !fs.existsSync('dist/index.html')) {
  console.error('Build first: npm run build')
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-lh-'))
const profileDir = path.join(dataDir, 'chrome-profile')
const server = spawn('node', ['dist-server/index.mjs'], {
  // eslint-disable-next-line no-restricted-properties -- pass the environment on to the server
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: 'ignore',
  detached: true,
})

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

/**
 * Signs in once in the profile Lighthouse will use, so the dashboard run starts signed in, as a returning
 * seller: the first sync has filled the device store.
 */
async function signIn() {
  const ctx = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await ctx.newPage()
  await page.goto(`${BASE}/login`)
  await page.getByLabel(/^E-post/).fill('seller@demo.test')
  await page.getByLabel(/^Lösenord/).fill('saljkraft-demo')
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
  // The seller lands on their own dashboard (decision 017).
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  // A returning seller: the device store holds their data (the first sync after sign-in has run).
  await page.goto(`${BASE}/dashboards/sales/seller`)
  await page
    .getByTestId('sync-status')
    .and(page.getByLabel(/Synkad/))
    .waitFor()
  await ctx.close()
}

type Result = { score: number; fcp: number; lcp: number; tbt: number; cls: number; benchmarkIndex: number }
type Preset = 'mobile' | 'desktop'

async function audit(url: string, preset: Preset, signedIn: boolean): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, userDataDir: signedIn ? profileDir : false })
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'], disableStorageReset: signedIn }
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined)
    const lhr = result!.lhr
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  } finally {
    await chrome.kill()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

try {
  await waitUp()
  await signIn()
  console.log(`bench:lighthouse — ${RUNS} runs each, medians, Debian Chromium, ${os.cpus().length} cores\n`)
  console.log('page                       preset    score   FCP ms   LCP ms   TBT ms     CLS   host index')
  let mobileOk = true
  for (const [name, url, signedIn] of [
    ['/login', `${BASE}/login`, false],
    ['/dashboards/sales/seller', `${BASE}/dashboards/sales/seller`, true],
  ] as const) {
    // A smoke run (npm run bench:smoke) audits each page once, with one preset each.
    for (const preset of (['mobile', 'desktop'] as const).filter((p) => !SMOKE || p === (signedIn ? 'desktop' : 'mobile'))) {
      const runs: Result[] = []
      for (let i = 0, failures = 0; runs.length < RUNS; i++) {
        try {
          runs.push(await audit(url, preset, signedIn))
        } catch (error) {
          // Now and then Chromium's trace misses the navigation (NO_NAVSTART): run again, at most twice per run.
          if (++failures > RUNS * 2) throw error
          console.error(`  ${name} ${preset}: run failed (${(error as Error).message.split('\n')[0]}), running again`)
        }
      }
      const m = (k: keyof Result) => median(runs.map((x) => x[k]))
      const r = { score: m('score'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), index: m('benchmarkIndex') }
      if (preset === 'mobile' && (r.score < 95 || r.cls >= 0.02)) mobileOk = false
      console.log(
        `${name.padEnd(26)} ${preset.padEnd(8)} ${String(r.score).padStart(6)} ${r.fcp.toFixed(0).padStart(8)} ${r.lcp.toFixed(0).padStart(8)} ${r.tbt.toFixed(0).padStart(8)} ${r.cls.toFixed(3).padStart(7)} ${r.index.toFixed(0).padStart(12)}`,
      )
    }
  }
  console.log(`\ntarget: mobile performance ≥ 95 and CLS < 0.02 — ${mobileOk ? 'MET' : 'NOT MET'}`)
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
