import { Button, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../../shared/format'
import type { RunItem } from '../../../../shared/schemas/field'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { RecordTable } from '../../../components/ui/record-table'
import { useAbility } from '../../../lib/session'
import { RunDialog } from '../components/run-dialog'
import { plannerPath, usePlannerWeek, useWeekRuns, WeekBar } from '../components/week-bar'
import { useLanguage } from '../../../lib/use-language'

/**
 * /tools/sales-planner-legacy (decision 073): the same runs as the calendar, as a plain table per week — for
 * printing and for those who prefer it — editing the same data through the same dialog.
 */
export default function SalesPlannerLegacyPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const planner = usePlannerWeek()
  const runs = useWeekRuns(planner)
  const [open, setOpen] = useState<{ run: RunItem | null } | null>(null)
  return (
    <Page title={t('routes.tools-sales-planner-legacy')}>
      <Text color="fg.muted" maxW="3xl" className="no-print">
        {t('planner.legacyIntro')}
      </Text>
      <HStack justify="space-between" wrap="wrap" gap="3" className="no-print">
        <WeekBar {...planner} />
        <HStack gap="2">
          {ability.can('update', 'sales_planner') ? (
            <Button size="sm" colorPalette="brand" onClick={() => setOpen({ run: null })} data-testid="legacy-add-run">
              {t('planner.addRun')}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            {t('planner.print')}
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={plannerPath('tools-sales-planner', planner)}>{t('routes.tools-sales-planner')}</Link>
          </Button>
        </HStack>
      </HStack>
      <QueryState query={runs} empty={t('planner.empty')} isEmpty={(d) => d.length === 0}>
        {(data) => (
          <RecordTable<RunItem>
            label={t('routes.tools-sales-planner-legacy')}
            rows={data}
            rowKey={(r) => r.id}
            rowTestId="legacy-run"
            bordered
            columns={[
              { header: t('planner.columns.date'), cell: (r) => formatDate(r.date, lang), strong: true },
              { header: t('planner.columns.team'), cell: (r) => r.teamName },
              { header: t('planner.columns.area'), cell: (r) => r.areaName ?? '–' },
              { header: t('planner.columns.meeting'), cell: (r) => [r.meetingTime, r.meetingPlace].filter(Boolean).join(' ') || '–' },
              { header: t('planner.columns.sellers'), cell: (r) => r.sellers.map((s) => s.name).join(', ') || '–' },
              { header: t('planner.columns.travelDay'), cell: (r) => (r.travelDay ? t('planner.travelDay') : ''), hideBelow: 'sm' },
              { header: t('planner.columns.note'), cell: (r) => r.note ?? '', hideBelow: 'md' },
            ]}
            actions={(r) =>
              r.may.edit ? (
                <Button size="xs" variant="outline" onClick={() => setOpen({ run: r })} className="no-print" data-testid="legacy-edit">
                  {t('planner.edit')}
                </Button>
              ) : null
            }
          />
        )}
      </QueryState>
      {open ? <RunDialog run={open.run} date={planner.week} teamId={planner.teamId} onClose={() => setOpen(null)} /> : null}
    </Page>
  )
}
