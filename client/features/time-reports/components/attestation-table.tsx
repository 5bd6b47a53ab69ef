import { Badge, Button, Checkbox, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatPrice, type FormatLanguage } from '../../../../shared/format'
import type { AttestationRow } from '../../../../shared/schemas/time-reports'

type Props = {
  items: AttestationRow[]
  lang: FormatLanguage
  selected: Set<string>
  onToggle: (userId: string, on: boolean) => void
  /** back office records a seller's unreported sick days (absent for a reader who may not) */
  onRecordSickDays?: (row: AttestationRow) => void
  /** back office reopens an attested month (absent for a reader who may not) */
  onReopen?: (row: AttestationRow) => void
}

/** The month's sellers: what each reported, its state (attested by whom, reopened and why), the days that break the rules. */
export function AttestationTable({ items, lang, selected, onToggle, onRecordSickDays, onReopen }: Props) {
  const { t } = useTranslation()
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="attestation-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8" />
            <Table.ColumnHeader>{t('pay.seller')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="sm">
              {t('pay.attestation.days')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="sm">
              {t('pay.attestation.hours')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="md">
              {t('pay.attestation.absence')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="md">
              {t('pay.attestation.money')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('pay.attestation.state')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((r) => {
            const attestable = r.mayAttest && r.attestedAt === null
            return (
              <Table.Row key={r.userId} data-testid="attestation-row">
                <Table.Cell>
                  {attestable ? (
                    <Checkbox.Root size="sm" checked={selected.has(r.userId)} onCheckedChange={(e) => onToggle(r.userId, !!e.checked)}>
                      <Checkbox.HiddenInput aria-label={t('pay.attestation.select', { name: r.name })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium">{r.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {r.teamName ?? ''}
                    <Text as="span" hideFrom="sm">
                      {` · ${r.days} · ${t('pay.hoursShort', { hours: r.workHours })}`}
                    </Text>
                    <Text as="span" hideFrom="md">
                      {r.commissionOre || r.extraIncomeOre ? ` · ${formatPrice(r.commissionOre + r.extraIncomeOre, lang)}` : ''}
                    </Text>
                  </Text>
                  {r.days === 0 ? (
                    <Text fontSize="xs" color="fg.muted">
                      {t('pay.attestation.moneyOnly')}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm">
                  {r.days}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm">
                  {t('pay.hoursShort', { hours: r.workHours })}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="md">
                  {t('pay.hoursShort', { hours: r.absenceHours })}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="md" data-testid="attestation-money">
                  {formatPrice(r.commissionOre, lang)}
                  {r.extraIncomeOre ? (
                    <Text fontSize="xs" color="fg.muted">
                      {`+ ${formatPrice(r.extraIncomeOre, lang)}`}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="start">
                    {r.attestedAt !== null ? (
                      <Badge colorPalette="green" variant="subtle">
                        {t('pay.timeReports.attested')}
                      </Badge>
                    ) : (
                      <Badge variant="subtle">{t('pay.timeReports.notAttested')}</Badge>
                    )}
                    {r.attestedAt !== null ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t('pay.attestation.attestedBy', { date: r.attestedAt, name: r.attestedBy ?? '–' })}
                      </Text>
                    ) : null}
                    {r.reopenedAt !== null && r.attestedAt === null ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t('pay.attestation.reopenedBy', { date: r.reopenedAt, name: r.reopenedBy ?? '–', reason: r.reopenReason ?? '' })}
                      </Text>
                    ) : null}
                    {r.invalidDates.length ? (
                      <Text fontSize="xs" color="fg.error">
                        {t('pay.attestation.invalidDays', { count: r.invalidDates.length })}
                      </Text>
                    ) : null}
                    <SickConflicts row={r} lang={lang} onRecord={r.attestedAt === null && onRecordSickDays ? () => onRecordSickDays(r) : undefined} />
                    {r.attestedAt !== null && onReopen ? (
                      <Button size="xs" variant="outline" onClick={() => onReopen(r)}>
                        {t('pay.attestation.reopen')}
                      </Button>
                    ) : null}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** Where the seller's sick notices and time reports disagree (docs/decisions/060), and back office's way to settle it. */
function SickConflicts({ row, lang, onRecord }: { row: AttestationRow; lang: FormatLanguage; onRecord?: () => void }) {
  const { t } = useTranslation()
  const unreported = row.sickConflicts.filter((c) => c.kind === 'unreported')
  const worked = row.sickConflicts.filter((c) => c.kind === 'worked')
  if (!row.sickConflicts.length) return null
  return (
    <Stack gap="1" align="start" whiteSpace="normal" data-testid="sick-conflicts">
      {unreported.length ? (
        <Text fontSize="xs" color="fg.warning">
          {t('pay.attestation.sickDays', { count: unreported.length })}
        </Text>
      ) : null}
      {worked.length ? (
        <Text fontSize="xs" color="fg.warning">
          {t('pay.attestation.sickWorked', { dates: worked.map((c) => formatDate(c.date, lang)).join(', ') })}
        </Text>
      ) : null}
      {unreported.length && onRecord ? (
        <Button size="xs" variant="outline" onClick={onRecord}>
          {t('pay.attestation.recordSickDays')}
        </Button>
      ) : null}
    </Stack>
  )
}
