import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { median, startBuiltServer } from '../scripts/built-server'
import { signInReturningSeller } from './returning-seller'
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
const RUNS = sized(3, 1)
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

const server = startBuiltServer({ port: PORT, name: 'lh' })
const profileDir = path.join(server.dataDir, 'chrome-profile')

/**
 * Signs in once in the profile Lighthouse will use, so the dashboard run starts signed in, as a returning
 * seller: the first sync has filled the device store.
 */
async function signIn() {
  const ctx = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await ctx.newPage()
  await signInReturningSeller(page, server.origin)
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

try {
  await server.ready()
  await signIn()
  console.log(`bench:lighthouse — ${RUNS} runs each, medians, Debian Chromium, ${os.cpus().length} cores\n`)
  console.log('page                       preset    score   FCP ms   LCP ms   TBT ms     CLS   host index')
  let mobileOk = true
  for (const [name, url, signedIn] of [
    ['/login', `${server.origin}/login`, false],
    ['/dashboards/sales/seller', `${server.origin}/dashboards/sales/seller`, true],
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
  server.stop()
}
