import { Badge, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatOre, type FormatLanguage } from '../../../../shared/format'
import { isoWeekOf, mondayOf } from '../../../../shared/rules/assistant'
import { contactRate } from '../../../../shared/rules/field'
import { addDays } from '../../../../shared/rules/work'
import type { RunOutcome, RunSellerOutcome, RunTotals } from '../../../../shared/schemas/field'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { RecordTable } from '../../../components/ui/record-table'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { todayHere } from '../components/week-bar'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useRunsReport } from '../api/field-queries'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { PromisesReportPanel } from '../components/promises-report'

const TABS = ['runs', 'promises'] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** The contact rate in whole per cent, or a dash without doors. */
const rate = (o: { doors: number; contacts: number }) => {
  const r = contactRate(o)
  return r === null ? '–' : `${Math.round(r * 100)} %`
}

/**
 * /backoffice/controlling/runs (decision 073): planned against done — each run's sellers, who reported time that day,
 * their hours, the day's sales and order value (and the team's sellers who worked unplanned) — with totals per team
 * and week. A period of at most 62 days, this week by default. Its second tab: the promises kept, late and missed per
 * seller, no-shows per setter, and the teams' queue (decision 097).
 */
export default function RunsPage() {
  const { t, lang } = useLanguage()
  const [params, setParams] = useUrlParams()
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : mondayOf(todayHere())
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : addDays(mondayOf(todayHere()), 6)
  const teamId = params.get('teamId') || undefined
  const q = { from, to, teamId }
  const report = useRunsReport(q)
  const set = (k: string, v: string | undefined) => setParams((current) => withParams(current, { [k]: v }))
  const money = (ore: number) => formatOre(ore, lang)
  return (
    <Page title={t('routes.backoffice-controlling-runs')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('runsReport.intro')}
      </Text>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root maxW="44">
          <Field.Label>{t('runsReport.from')}</Field.Label>
          <Input type="date" size="sm" value={from} onChange={(e) => DAY.test(e.target.value) && set('from', e.target.value)} />
        </Field.Root>
        <Field.Root maxW="44">
          <Field.Label>{t('runsReport.to')}</Field.Label>
          <Input type="date" size="sm" value={to} onChange={(e) => DAY.test(e.target.value) && set('to', e.target.value)} />
        </Field.Root>
        <Field.Root maxW="64">
          <Field.Label>{t('planner.team')}</Field.Label>
          <LookupNativeSelect kind="teams" label={t('planner.team')} emptyLabel={t('planner.allTeams')} value={teamId} onChange={(id) => set('teamId', id)} />
        </Field.Root>
      </HStack>
      <AddressTabs
        tabs={TABS}
        label={(k) => (k === 'runs' ? t('promises.report.runsTab') : t('promises.report.tab'))}
        shared={['from', 'to', 'teamId']}
        testIdPrefix="runs-tab"
        panels={{ runs: <RunsPanel report={report} money={money} />, promises: <PromisesReportPanel q={q} /> }}
      />
    </Page>
  )
}

function RunsPanel({ report, money }: { report: ReturnType<typeof useRunsReport>; money: (ore: number) => string }) {
  const { t, lang } = useLanguage()
  return (
    <QueryState query={report} empty={t('runsReport.empty')} isEmpty={(d) => d.runs.length === 0}>
      {(data) => (
        <Stack gap="4">
          <SectionCard title={t('runsReport.totals')}>
            <RecordTable<RunTotals>
              label={t('runsReport.totals')}
              rows={data.totals}
              rowKey={(r) => `${r.teamId}|${r.week}`}
              testId="runs-totals"
              columns={[
                { header: t('planner.columns.team'), cell: (r) => r.teamName, strong: true },
                { header: t('runsReport.week'), cell: (r) => t('runsReport.weekOf', { week: isoWeekOf(r.week).week }) },
                { header: t('runsReport.runs'), cell: (r) => r.runs, end: true },
                { header: t('runsReport.planned'), cell: (r) => r.planned, end: true },
                { header: t('runsReport.reported'), cell: (r) => r.reported, end: true },
                { header: t('runsReport.hours'), cell: (r) => r.hours, end: true },
                { header: t('runsReport.doors'), cell: (r) => r.doors, end: true },
                { header: t('runsReport.contactRate'), cell: (r) => rate(r), end: true },
                { header: t('runsReport.sales'), cell: (r) => r.sales, end: true },
                { header: t('runsReport.orderValue'), cell: (r) => money(r.orderValueOre), end: true },
              ]}
            />
          </SectionCard>
          {data.runs.map((run) => (
            <RunCardOutcome key={run.id} run={run} lang={lang} money={money} />
          ))}
        </Stack>
      )}
    </QueryState>
  )
}

function RunCardOutcome({ run, lang, money }: { run: RunOutcome; lang: FormatLanguage; money: (ore: number) => string }) {
  const { t } = useTranslation()
  return (
    <SectionCard
      data-testid="run-outcome"
      title={`${formatDate(run.date, lang)} · ${run.teamName}${run.areaName ? ` · ${run.areaName}` : ''}`}
      subtitle={run.meetingTime || run.meetingPlace ? t('planner.meeting', { time: run.meetingTime ?? '', place: run.meetingPlace ?? '' }).trim() : null}
      end={
        <HStack gap="2">
          {run.travelDay ? <Badge colorPalette="orange">{t('planner.travelDay')}</Badge> : null}
          <Badge variant="subtle">
            {t('runsReport.reported')}: {run.outcome.reported}/{run.sellers.length}
          </Badge>
          {run.outcome.outsideArea ? (
            <Badge colorPalette="orange" data-testid="run-outside-area">
              {t('runsReport.outsideArea')}: {run.outcome.outsideArea}
            </Badge>
          ) : null}
        </HStack>
      }
    >
      <RecordTable<RunSellerOutcome>
        label={t('planner.columns.sellers')}
        rows={run.outcome.sellers}
        rowKey={(s) => s.id}
        columns={[
          {
            header: t('planner.columns.sellers'),
            cell: (s) => (
              <HStack gap="2">
                <Text>{s.name}</Text>
                {!s.planned ? (
                  <Badge size="sm" colorPalette="purple">
                    {t('runsReport.notPlanned')}
                  </Badge>
                ) : null}
                {!s.reported ? (
                  <Badge size="sm" colorPalette="red">
                    {t('runsReport.noTime')}
                  </Badge>
                ) : null}
              </HStack>
            ),
          },
          { header: t('runsReport.hours'), cell: (s) => s.hours, end: true },
          { header: t('runsReport.doors'), cell: (s) => s.doors, end: true },
          { header: t('runsReport.contacts'), cell: (s) => s.contacts, end: true, hideBelow: 'sm' },
          { header: t('runsReport.sales'), cell: (s) => s.sales, end: true },
          { header: t('runsReport.orderValue'), cell: (s) => money(s.orderValueOre), end: true },
        ]}
      />
      <Text mt="2" fontWeight="semibold" textAlign="end" data-testid="run-outcome-sum">
        {run.outcome.hours} h · {t('runsReport.doors')} {run.outcome.doors} ({rate(run.outcome)}) · {run.outcome.sales} · {money(run.outcome.orderValueOre)}
      </Text>
    </SectionCard>
  )
}
