import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react'
import { formatDate, formatPercent } from '../../../../shared/format'
import { useLanguage } from '../../../lib/use-language'
import { useSaleReportSummary } from '../api/sales-queries'

/**
 * The sales-reports dashboard of spec section 2, above the list: reports with status absence in the period and
 * their share of all, the reports of this month, and e-sign quotes signed of sent. The period is the list's sell
 * dates, this month when none are set.
 */
export function SaleReportSummary({ from, to }: { from?: string; to?: string }) {
  const { t, lang } = useLanguage()
  const summary = useSaleReportSummary(from, to)
  if (!summary.data) return summary.isError ? null : <Skeleton h="20" />
  const s = summary.data
  const period = t('saleReports.summary.period', { from: formatDate(s.from, lang), to: formatDate(s.to, lang) })
  const share = (part: number, whole: number) => (whole === 0 ? '–' : formatPercent(part / whole, lang))
  return (
    <SimpleGrid columns={3} gap={{ base: 2, sm: 3 }} data-testid="sale-report-summary">
      <Stat.Root borderWidth="1px" borderRadius="md" p={{ base: 2, sm: 3 }} bg="bg" size={{ base: 'sm', sm: 'md' }}>
        <Stat.Label>{t('saleReports.summary.absence')}</Stat.Label>
        <Stat.ValueText>
          {s.absence} ({share(s.absence, s.reports)})
        </Stat.ValueText>
        <Stat.HelpText hideBelow="sm" asChild>
          {/* A <dd>: the stat is a description list, where a <span> may not stand (axe, definition-list). */}
          <dd>{t('saleReports.summary.ofReports', { count: s.reports, period })}</dd>
        </Stat.HelpText>
      </Stat.Root>
      <Stat.Root borderWidth="1px" borderRadius="md" p={{ base: 2, sm: 3 }} bg="bg" size={{ base: 'sm', sm: 'md' }}>
        <Stat.Label>{t('saleReports.summary.thisMonth')}</Stat.Label>
        <Stat.ValueText>{s.thisMonth}</Stat.ValueText>
      </Stat.Root>
      <Stat.Root borderWidth="1px" borderRadius="md" p={{ base: 2, sm: 3 }} bg="bg" size={{ base: 'sm', sm: 'md' }}>
        <Stat.Label>{t('saleReports.summary.esign')}</Stat.Label>
        <Stat.ValueText>
          {s.esignSigned} / {s.esignTotal}
        </Stat.ValueText>
        {s.esignTotal > 0 ? (
          <Stat.HelpText hideBelow="sm" asChild>
            {/* A <dd>: the stat is a description list, where a <span> may not stand (axe, definition-list). */}
            <dd>{t('saleReports.summary.esignHelp', { share: share(s.esignSigned, s.esignTotal), period })}</dd>
          </Stat.HelpText>
        ) : null}
      </Stat.Root>
    </SimpleGrid>
  )
}
