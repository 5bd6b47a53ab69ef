import fs from 'node:fs'
import path from 'node:path'
import { load as loadYaml } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { createTestApp, testDb } from '../../test/harness'

/**
 * The sample monitoring (issue 71, deploy/monitoring/): every series the alert rules and the Grafana dashboard query
 * is one the app serves at /metrics, so neither can drift from the code; each rule says how serious it is and why.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const TOKEN = 'metrics-token-for-the-monitoring'
const t = await createTestApp({ METRICS_TOKEN: TOKEN })
const served = (await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text
/** The series a PromQL expression reads, by the name /metrics declares (a histogram's _bucket/_count/_sum by its own). */
const seriesOf = (expr: string) => [...expr.matchAll(/\bsaljkraft_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, ''))
// The pool's connections exist on PostgreSQL only.
const declared = (name: string) => new RegExp(`^# TYPE ${name} `, 'm').test(served) || (testDb !== 'pg' && name === 'saljkraft_db_pool_connections')

type Rule = { alert: string; expr: string; for?: string; labels: { severity: string }; annotations: { summary: string } }

describe('the sample monitoring', () => {
  it('alert rules read only series the app serves, each with a severity and a summary', () => {
    const rules = (loadYaml(fs.readFileSync(path.join(root, 'deploy/monitoring/alerts.yaml'), 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap(
      (g) => g.rules,
    )
    expect(rules.length).toBeGreaterThanOrEqual(6)
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Saljkraft[A-Z]\w+$/)
      expect(['page', 'warn']).toContain(rule.labels.severity)
      expect(rule.annotations.summary.length).toBeGreaterThan(10)
      for (const name of seriesOf(rule.expr)) expect(declared(name), `${rule.alert}: ${name}`).toBe(true)
    }
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['SaljkraftNotReady', 'SaljkraftServerErrors', 'SaljkraftEventsBehind', 'SaljkraftJobsGivingUp']),
    )
  })

  it('the dashboard’s panels query only series the app serves', () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(root, 'deploy/monitoring/grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>
    }
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10)
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0)
      for (const target of panel.targets) {
        const names = seriesOf(target.expr)
        expect(names.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0)
        for (const name of names) expect(declared(name), `${panel.title}: ${name}`).toBe(true)
      }
    }
  })

  it('the instance says whether it is ready, as GET /api/health/ready does', () => {
    expect(served).toMatch(/^saljkraft_ready 1$/m)
  })
})
