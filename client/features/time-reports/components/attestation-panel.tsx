import { Alert, Badge, Button, Checkbox, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import type { AttestAnswer, AttestationRow } from '../../../../shared/schemas/time-reports'
import { businessDay, monthRange } from '../../../../shared/rules/work'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { confirm } from '../../../lib/confirm-store'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { attest, listAttestations, recordSickDays, reopen } from '../api/time-reports-api'
import { MonthField } from '../../../components/ui/month-field'
import { LoadError } from '../../../components/ui/load-error'
import { useUrlParams } from '../../../lib/use-url-params'
import { timeReportsKeys } from '../api/time-reports-keys'
import { ReasonDialog } from '../../../components/ui/reason-dialog'

/**
 * A month's attestation per seller: what each reported, the days that break the rules, who attested and when.
 * Those the user may attest (a coach: their teams) are chosen and attested together; back office reopens a month
 * with a reason.
 */
export function AttestationPanel({ month }: { month: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const ability = useAbility()
  const queryClient = useQueryClient()
  const [params, setParams] = useUrlParams()
  const teamId = params.get('teamId') || undefined
  const officeId = params.get('officeId') || undefined
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<AttestAnswer | null>(null)
  const [reopening, setReopening] = useState<AttestationRow | null>(null)
  const rows = useQuery({
    queryKey: timeReportsKeys.attestations.of(month, teamId, officeId),
    queryFn: ({ signal }) => listAttestations({ month, teamId, officeId }, signal),
  })
  const items = rows.data?.items ?? []
  const open = items.filter((r) => r.mayAttest && r.attestedAt === null)
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p)
        if (value) out.set(key, value)
        else out.delete(key)
        return out
      },
      { replace: true },
    )
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: timeReportsKeys.attestations.all })
    void queryClient.invalidateQueries({ queryKey: timeReportsKeys.all })
  }
  const run = async (ids: string[]) => {
    if (!ids.length) return
    // A month not yet over (its last day included) is attested only when the person says so: what is reported after
    // today is not in it.
    const today = businessDay(Date.now())
    const { to } = monthRange(month)
    if (today <= to) {
      const sure = await confirm({
        title: t('pay.attestation.earlyTitle'),
        text: t('pay.attestation.earlyText', { end: formatDate(to, lang) }),
        confirmLabel: t('pay.attestation.earlyConfirm'),
        cancelLabel: t('table.cancel'),
      })
      if (!sure) return
    }
    setBusy(true)
    try {
      const r = await attest(month, ids)
      setAnswer(r)
      setSelected(new Set())
      if (r.attested.length) snackbar.show(t('pay.attestation.done', { count: r.attested.length }), { color: 'success', icon: 'success' })
      refresh()
    } catch (err) {
      snackbar.show(formErrorOf(err, t).message, { color: 'error', icon: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const fillSickDays = async (r: AttestationRow) => {
    const dates = r.sickConflicts.filter((c) => c.kind === 'unreported').map((c) => formatDate(c.date, lang))
    const sure = await confirm({
      title: t('pay.attestation.recordSickDaysTitle', { name: r.name }),
      text: t('pay.attestation.recordSickDaysText', { name: r.name, dates: dates.join(', ') }),
      confirmLabel: t('pay.attestation.recordSickDays'),
      cancelLabel: t('table.cancel'),
    })
    if (!sure) return
    try {
      const done = await recordSickDays(month, r.userId)
      snackbar.show(t('pay.attestation.sickDaysRecorded', { count: done.dates.length }), { color: 'success', icon: 'success' })
      refresh()
    } catch (err) {
      snackbar.show(formErrorOf(err, t).message, { color: 'error', icon: 'error' })
    }
  }
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <Stack gap="4" pt="2">
      <Text fontSize="sm" color="fg.muted">
        {t('pay.attestation.intro')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" alignItems="center">
        <MonthField month={month} onChange={(m) => setParam('month', m)} />
        <LookupNativeSelect kind="offices" within="time_reports" label={t('pay.office')} value={officeId} onChange={(id) => setParam('officeId', id)} />
        <LookupNativeSelect kind="teams" label={t('pay.team')} value={teamId} parentId={officeId} onChange={(id) => setParam('teamId', id)} />
      </SimpleGrid>
      {ability.can('create', 'time_attestations') ? (
        <HStack wrap="wrap" gap="2">
          <Button size="sm" colorPalette="brand" disabled={selected.size === 0} loading={busy} onClick={() => void run([...selected])}>
            {t('pay.attestation.attestSelected', { count: selected.size })}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={open.length === 0}
            loading={busy}
            onClick={() => void run(open.filter((r) => r.invalidDates.length === 0 && r.sickConflicts.length === 0).map((r) => r.userId))}
          >
            {t('pay.attestation.attestAll')}
          </Button>
        </HStack>
      ) : null}
      {answer && answer.refused.length ? (
        <Alert.Root status="warning" data-testid="attest-refused">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('pay.attestation.refusedTitle')}</Alert.Title>
            <Alert.Description>
              {answer.refused.map((r) => (
                <Text key={r.userId}>
                  {r.name}: {t(`pay.attestation.refusals.${r.refusal}`, { dates: (r.dates ?? []).map((d) => formatDate(d, lang)).join(', ') })}
                </Text>
              ))}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {rows.isPending ? (
        <Text color="fg.muted" aria-busy>
          …
        </Text>
      ) : rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('pay.attestation.empty')}</Text>
      ) : (
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
                        <Checkbox.Root size="sm" checked={selected.has(r.userId)} onCheckedChange={(e) => toggle(r.userId, !!e.checked)}>
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
                      </Text>
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
                        <SickConflicts
                          row={r}
                          lang={lang}
                          mayRecord={r.attestedAt === null && ability.can('update', 'time_reports')}
                          onRecord={() => void fillSickDays(r)}
                        />
                        {r.attestedAt !== null && ability.can('update', 'time_attestations') ? (
                          <Button size="xs" variant="outline" onClick={() => setReopening(r)}>
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
      )}
      {reopening ? (
        <ReopenDialog
          row={reopening}
          month={month}
          onClose={() => setReopening(null)}
          onDone={() => {
            setReopening(null)
            snackbar.show(t('pay.attestation.reopened'), { color: 'success', icon: 'success' })
            refresh()
          }}
        />
      ) : null}
    </Stack>
  )
}

/** Where the seller's sick notices and time reports disagree (docs/decisions/060), and back office's way to settle it. */
function SickConflicts({ row, lang, mayRecord, onRecord }: { row: AttestationRow; lang: FormatLanguage; mayRecord: boolean; onRecord: () => void }) {
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
      {unreported.length && mayRecord ? (
        <Button size="xs" variant="outline" onClick={onRecord}>
          {t('pay.attestation.recordSickDays')}
        </Button>
      ) : null}
    </Stack>
  )
}

function ReopenDialog({ row, month, onClose, onDone }: { row: AttestationRow; month: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <ReasonDialog
      title={t('pay.attestation.reopenTitle', { name: row.name, month })}
      text={t('pay.attestation.reopenText')}
      reasonLabel={t('pay.timeReports.reason')}
      submitLabel={t('pay.attestation.reopen')}
      testId="reopen-dialog"
      onSave={(reason) => reopen(month, row.userId, reason)}
      onDone={onDone}
      onClose={onClose}
    />
  )
}
