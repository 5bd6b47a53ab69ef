import { Box, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { LEAD_REASONS } from '../../../../shared/rules/leads'
import type { LeadSummary as Summary } from '../../../../shared/schemas/leads'

/** What a run did: rows in and out, removed and marked by reason, the numbers by kind, what could not be read. */
export function LeadSummary({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation()
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v)
  return (
    <Stack gap="3" data-testid="lead-summary">
      <Text fontWeight="semibold">{t('leads.summary.heading')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Table.Root size="sm" aria-label={t('leads.summary.heading')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              <Table.ColumnHeader textAlign="end">{t('leads.summary.dropped')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('leads.summary.marked')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {LEAD_REASONS.map((r) => (
              <Table.Row key={r} data-testid={`lead-summary-${r}`}>
                <Table.Cell>{t(`leads.reasons.${r}`)}</Table.Cell>
                <Table.Cell textAlign="end">{n(summary.dropped[r] ?? 0)}</Table.Cell>
                <Table.Cell textAlign="end">{n(summary.marked[r] ?? 0)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Box>
          <Table.Root size="sm" aria-label={t('leads.summary.numbers')}>
            <Table.Body>
              <Table.Row>
                <Table.Cell>{t('leads.summary.rowsIn')}</Table.Cell>
                <Table.Cell textAlign="end">{n(summary.rowsIn)}</Table.Cell>
              </Table.Row>
              <Table.Row>
                <Table.Cell fontWeight="semibold">{t('leads.summary.rowsOut')}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold" data-testid="lead-summary-out">
                  {n(summary.rowsOut)}
                </Table.Cell>
              </Table.Row>
              {(['mobile', 'fixed', 'other', 'invalid'] as const).map((k) => (
                <Table.Row key={k}>
                  <Table.Cell>
                    {t('leads.summary.numbers')}: {t(`leads.kinds.${k}`).toLowerCase()}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{n(summary.numbers[k])}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row>
                <Table.Cell>{t('leads.summary.nixNumbersRemoved')}</Table.Cell>
                <Table.Cell textAlign="end">{n(summary.nixNumbersRemoved)}</Table.Cell>
              </Table.Row>
              <Table.Row>
                <Table.Cell>{t('leads.summary.identityInvalid')}</Table.Cell>
                <Table.Cell textAlign="end">{n(summary.identityInvalid)}</Table.Cell>
              </Table.Row>
              {summary.skipped ? (
                <Table.Row>
                  <Table.Cell>
                    {t('leads.summary.skipped')}
                    <Text fontSize="xs" color="fg.muted">
                      {t('leads.summary.skippedLines', { lines: summary.skippedLines.join(', ') })}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{n(summary.skipped)}</Table.Cell>
                </Table.Row>
              ) : null}
            </Table.Body>
          </Table.Root>
        </Box>
      </SimpleGrid>
    </Stack>
  )
}
