import { Box, Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { formatKr, formatOre } from '../../../../shared/format'
import { earningsByStatus, salaryEstimate } from '../../../../shared/rules/earnings'
import { QUALITY_BONUS_SHARE, SALARY_MONTH_HOURS, WORK_DAY_HOURS } from '../../../../shared/rules/work'
import type { SaleStatus } from '../../../../shared/schemas/sales'
import { Page } from '../../../components/ui/page'
import { useSellerStore, useToday } from '../../../lib/device-store'
import { useSalaryMonth } from '../api/seller-store'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { Figure } from '../../../components/ui/figure'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { RecordTable } from '../../../components/ui/record-table'
import { SectionCard } from '../../../components/ui/section-card'

/** This month's earnings by status and the salary estimate, each figure explained (spec section 9). */
export default function SalaryCalculatorPage() {
  const { t, lang } = useLanguage()
  const { db } = useSellerStore()
  const { month } = useToday()
  const stored = useSalaryMonth(db, month)
  const extraIncome = stored?.extra
  // Until the phone's store has answered, nothing is shown as a figure: zeros would read as a month without sales.
  if (stored === undefined) {
    return (
      <Page title={t('routes.sales-salary-calculator')} subtitle={t('salary.month', { month })} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
        <Stack gap="4" aria-busy>
          <Skeleton h="24" />
          <Skeleton h="40" />
        </Stack>
      </Page>
    )
  }
  const sales = stored.sales.filter((s) => s.sync !== 'rejected')
  const reports = stored.reports
  const rows = earningsByStatus(sales.map((s) => ({ ...s, status: s.status as SaleStatus })))
  const estimate = salaryEstimate(
    sales.map((s) => ({ ...s, status: s.status as SaleStatus })),
    reports.map((r) => ({ date: r.date, workHours: r.workHours })),
  )

  return (
    <Page title={t('routes.sales-salary-calculator')} subtitle={t('salary.month', { month })} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      <Notice status="info" description={t('salary.assumptions', { hours: SALARY_MONTH_HOURS, bonus: QUALITY_BONUS_SHARE * 100 })} />

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Card.Root>
          <Card.Body>
            <Figure
              label={t('salary.perHour')}
              value={estimate.perHourKr === null ? '–' : `${formatKr(estimate.perHourKr, lang)}/h`}
              testId="salary-per-hour"
            />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Figure label={t('salary.monthly', { hours: SALARY_MONTH_HOURS })} value={estimate.monthlyKr === null ? '–' : formatKr(estimate.monthlyKr, lang)} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Figure label={t('salary.gross')} value={formatOre(estimate.grossOre, lang)} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Figure label={t('salary.hoursWorked')} value={`${estimate.hoursBasis} h`} />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <SectionCard title={t('salary.howTitle')}>
        <Stack gap="1" fontSize="sm">
          <Text>{t('salary.howCommission', { value: formatOre(estimate.commissionOre, lang) })}</Text>
          <Text>{t('salary.howBonus', { bonus: QUALITY_BONUS_SHARE * 100, value: formatOre(estimate.qualityBonusOre, lang) })}</Text>
          {estimate.perHourKr === null ? (
            <Text>{t('salary.howNoHours')}</Text>
          ) : (
            <>
              <Text>
                {estimate.assumedDays === 0
                  ? t('salary.howHoursReported', { hours: estimate.hoursBasis })
                  : estimate.reportedHours === 0
                    ? t('salary.howHoursAssumed', { days: estimate.assumedDays, day: WORK_DAY_HOURS, hours: estimate.hoursBasis })
                    : t('salary.howHours', { reported: estimate.reportedHours, days: estimate.assumedDays, day: WORK_DAY_HOURS, hours: estimate.hoursBasis })}
              </Text>
              <Text>
                {t('salary.howPerHour', { gross: formatOre(estimate.grossOre, lang), hours: estimate.hoursBasis, rate: formatKr(estimate.perHourKr, lang) })}
              </Text>
            </>
          )}
          <Text color="fg.muted">{t('salary.howRegret')}</Text>
        </Stack>
      </SectionCard>

      {extraIncome && extraIncome.length > 0 ? (
        <SectionCard title={t('salary.extraIncome')} subtitle={t('salary.extraIncomeHint')} data-testid="extra-income">
          <Stack gap="1">
            {extraIncome.map((x) => (
              <HStack key={x.id} justify="space-between">
                <Text>{x.description}</Text>
                <Text fontWeight="medium">{formatOre(x.amountOre, lang)}</Text>
              </HStack>
            ))}
          </Stack>
        </SectionCard>
      ) : null}

      <ByStatusCard rows={rows} />
    </Page>
  )
}

/** The month's sales by status: how many, their order value and commission, and whether they count toward pay. */
function ByStatusCard({ rows }: { rows: ReturnType<typeof earningsByStatus> }) {
  const { t, lang } = useLanguage()
  return (
    <SectionCard title={t('salary.byStatus')}>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('salary.noSales')}</Text>
      ) : (
        <>
          {/* On a phone each status is a short block (a five-column table would scroll sideways); wider, a table. */}
          <Stack as="ul" gap="3" hideFrom="md" data-testid="salary-status-list">
            {rows.map((r) => (
              <Box as="li" key={r.status} listStyleType="none" borderBottomWidth="1px" pb="3" _last={{ borderBottomWidth: 0, pb: 0 }}>
                <HStack justify="space-between">
                  <SaleStatusBadge status={r.status} />
                  <Text fontWeight="medium">{t('salary.salesCount', { count: r.count })}</Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {t('sales.orderValue')}: {formatOre(r.orderValueOre, lang)} · {t('sales.sellerCommission')}: {formatOre(r.commissionOre, lang)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('salary.counts')}: {r.counts ? t('salary.yes') : t('salary.no')}
                </Text>
              </Box>
            ))}
          </Stack>
          <Box hideBelow="md">
            <RecordTable
              rows={rows}
              rowKey={(r) => r.status}
              columns={[
                { header: t('sales.statusLabel'), cell: (r) => <SaleStatusBadge status={r.status} /> },
                { header: t('sellerDashboard.sales'), cell: (r) => r.count, end: true },
                { header: t('sales.orderValue'), cell: (r) => formatOre(r.orderValueOre, lang), end: true },
                { header: t('sales.sellerCommission'), cell: (r) => formatOre(r.commissionOre, lang), end: true },
                { header: t('salary.counts'), cell: (r) => (r.counts ? t('salary.yes') : t('salary.no')) },
              ]}
            />
          </Box>
        </>
      )}
    </SectionCard>
  )
}
