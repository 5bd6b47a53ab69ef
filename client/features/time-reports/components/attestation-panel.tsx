import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
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
import { attest, recordSickDays, reopen } from '../api/time-reports-api'
import { MonthField } from '../../../components/ui/month-field'
import { LoadError } from '../../../components/ui/load-error'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { ReasonDialog } from '../../../components/ui/reason-dialog'
import { AttestationTable } from './attestation-table'
import { useLanguage } from '../../../lib/use-language'
import { Notice } from '../../../components/ui/notice'
import { useAttestations, useRefreshAttested } from '../api/time-reports-queries'
import { useAction } from '../../../components/ui/use-action'

/**
 * A month's attestation per seller: what each reported, the days that break the rules, who attested and when.
 * Those the user may attest (a coach: their teams) are chosen and attested together; back office reopens a month
 * with a reason.
 */
export function AttestationPanel({ month }: { month: string }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshAttested = useRefreshAttested()
  const [params, setParams] = useUrlParams()
  const teamId = params.get('teamId') || undefined
  const officeId = params.get('officeId') || undefined
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [answer, setAnswer] = useState<AttestAnswer | null>(null)
  const [reopening, setReopening] = useState<AttestationRow | null>(null)
  const rows = useAttestations(month, teamId, officeId)
  const items = rows.data?.items ?? []
  const open = items.filter((r) => r.mayAttest && r.attestedAt === null)
  const setParam = (key: string, value: string | undefined) => setParams((current) => withParams(current, { [key]: value }), { replace: true })
  const refresh = () => void refreshAttested()
  // Attesting: the answer says who was attested and who was refused with why; the list is read again.
  const attesting = useAction((ids: string[]) => attest(month, ids), {
    onDone: (r) => {
      setAnswer(r)
      setSelected(new Set())
      if (r.attested.length) snackbar.success(t('pay.attestation.done', { count: r.attested.length }))
      refresh()
    },
    onError: (err) => {
      snackbar.error(formErrorOf(err, t).message)
      return true
    },
  })
  const busy = attesting.busy
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
    await attesting.run(ids)
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
      snackbar.success(t('pay.attestation.sickDaysRecorded', { count: done.dates.length }))
      refresh()
    } catch (err) {
      snackbar.error(formErrorOf(err, t).message)
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
      {answer && answer.refused.length ? <Refusals answer={answer} lang={lang} /> : null}
      {rows.isPending ? (
        <Text color="fg.muted" aria-busy>
          …
        </Text>
      ) : rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('pay.attestation.empty')}</Text>
      ) : (
        <AttestationTable
          items={items}
          lang={lang}
          selected={selected}
          onToggle={toggle}
          onRecordSickDays={ability.can('update', 'time_reports') ? (r) => void fillSickDays(r) : undefined}
          onReopen={ability.can('update', 'time_attestations') ? setReopening : undefined}
        />
      )}
      {reopening ? (
        <ReopenDialog
          row={reopening}
          month={month}
          onClose={() => setReopening(null)}
          onDone={() => {
            setReopening(null)
            snackbar.success(t('pay.attestation.reopened'))
            refresh()
          }}
        />
      ) : null}
    </Stack>
  )
}

/** The sellers an attestation left out, and why (a month not begun, already attested, reports that break the rules, unreported sick days). */
function Refusals({ answer, lang }: { answer: AttestAnswer; lang: FormatLanguage }) {
  const { t } = useTranslation()
  return (
    <Notice
      status="warning"
      data-testid="attest-refused"
      title={t('pay.attestation.refusedTitle')}
      description={
        <>
          {answer.refused.map((r) => (
            <Text key={r.userId}>
              {r.name}: {t(`pay.attestation.refusals.${r.refusal}`, { dates: (r.dates ?? []).map((d) => formatDate(d, lang)).join(', ') })}
            </Text>
          ))}
        </>
      }
    />
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
