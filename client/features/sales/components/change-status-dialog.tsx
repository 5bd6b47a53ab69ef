import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordTable } from '../../../components/ui/record-table'
import { DEVIATION_TYPES, type DeviationType, type SaleStatus } from '../../../../shared/rules/sale'
import { allowedNext, reasonRequired } from '../../../../shared/rules/sale-lifecycle'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { moveSaleReport, moveSaleReports } from '../api/sale-reports-api'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { Notice } from '../../../components/ui/notice'
import { useAction } from '../../../components/ui/use-action'

export type MovableReport = { id: string; version: number; status: SaleStatus; label: string }
type RowResult = { id: string; ok: boolean; message?: string; status?: SaleStatus }

const BACKOFFICE = new Set(['backoffice'] as const)

type ChangeStatusDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  reports: MovableReport[]
  /** the moves the server offers for a single report (its allowedNext); a selection uses the lifecycle */
  allowed?: SaleStatus[]
  onMoved: (moved: string[]) => void
  /** the report changed meanwhile (409): the screen reads it again; the message says what changed */
  onConflict?: () => void
}

/**
 * Back office moves one report or a selection to another status (docs/decisions/022): the statuses the lifecycle
 * allows from the reports' own, a reason where the seller must be told why, the deviation's type. One report is
 * moved at once (a 409 says what changed meanwhile); a selection answers per report, and the ones that could not
 * move are listed with why.
 */
export function ChangeStatusDialog(props: ChangeStatusDialogProps) {
  const { t } = useTranslation()
  const { reports } = props
  const choices = useMemo(() => {
    if (props.allowed) return props.allowed
    const all = new Set<SaleStatus>()
    for (const r of reports) for (const s of allowedNext(r.status, BACKOFFICE)) all.add(s)
    return [...all]
  }, [props.allowed, reports])
  const [status, setStatus] = useState<SaleStatus | ''>('')
  const [reason, setReason] = useState('')
  const [deviationType, setDeviationType] = useState<DeviationType | ''>('')
  const [errors, setErrors] = useState<{ status?: string; reason?: string; deviationType?: string; form?: string }>({})
  const [results, setResults] = useState<RowResult[] | null>(null)

  const needsReason = status !== '' && reports.some((r) => reasonRequired(r.status, status))
  const reset = () => {
    setStatus('')
    setReason('')
    setDeviationType('')
    setErrors({})
    setResults(null)
  }
  const close = () => {
    props.onOpenChange(false)
    reset()
  }
  const moving = useAction(
    async (move: Parameters<typeof moveSaleReports>[1]) => {
      if (reports.length === 1 && props.allowed) {
        await moveSaleReport(reports[0]!.id, reports[0]!.version, move)
        props.onMoved([reports[0]!.id])
        close()
        return
      }
      const answer = await moveSaleReports(
        reports.map((r) => ({ id: r.id, version: r.version })),
        move,
      )
      const rows = answer.results.map((r) => (r.ok ? { id: r.id, ok: true, status: r.status } : { id: r.id, ok: false, message: r.message }))
      setResults(rows)
      props.onMoved(rows.filter((r) => r.ok).map((r) => r.id))
    },
    {
      onError: (err) => {
        const fieldErrors = serverFieldErrors(err)
        if (fieldErrors?.reason || fieldErrors?.deviationType) {
          setErrors({ reason: fieldErrors.reason?.[0], deviationType: fieldErrors.deviationType?.[0] })
        } else {
          if (err instanceof ApiClientError && err.status === 409) props.onConflict?.()
          setErrors({ form: errorText(err, t) })
        }
        return true
      },
    },
  )
  const busy = moving.busy

  const submit = async () => {
    const problems: typeof errors = {}
    if (!status) problems.status = t('saleReports.move.chooseStatus')
    if (needsReason && !reason.trim()) problems.reason = t('validation.saleReport.reasonRequired')
    if (status === 'deviation' && !deviationType) problems.deviationType = t('validation.saleReport.deviationTypeRequired')
    setErrors(problems)
    if (Object.keys(problems).length || !status) return
    const move = { status, reason: reason.trim() || null, deviationType: status === 'deviation' ? (deviationType as DeviationType) : null }
    await moving.run(move)
  }

  return (
    <AppDialog
      open={props.open}
      onClose={close}
      title={t('saleReports.move.title', { count: reports.length })}
      size="md"
      footer={
        <>
          {results ? (
            <Button onClick={close}>{t('saleReports.move.done')}</Button>
          ) : (
            <DialogButtons
              onCancel={close}
              action={{
                label: status ? t('saleReports.move.confirm', { count: reports.length, status: t(`sales.status.${status}`) }) : t('saleReports.move.submit'),
                loading: busy,
                onClick: () => void submit(),
              }}
            />
          )}
        </>
      }
    >
      {results ? (
        <MoveResults results={results} reports={reports} />
      ) : (
        <Stack gap="4">
          {reports.length === 1 ? (
            <Text color="fg.muted">{reports[0]!.label}</Text>
          ) : (
            <Text color="fg.muted">{t('saleReports.move.selection', { count: reports.length })}</Text>
          )}
          <Field.Root invalid={!!errors.status} required>
            <Field.Label>
              {t('saleReports.move.to')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Choices
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as SaleStatus)}
              empty={t('saleReports.move.choose')}
              options={choices.map((s) => ({ value: s, label: t(`sales.status.${s}`) }))}
            />
            {errors.status ? <Field.ErrorText>{errors.status}</Field.ErrorText> : null}
          </Field.Root>
          {status === 'deviation' ? (
            <Field.Root invalid={!!errors.deviationType} required>
              <Field.Label>
                {t('saleReports.move.deviationType')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Choices
                value={deviationType}
                onChange={(e) => setDeviationType(e.currentTarget.value as DeviationType)}
                empty={t('saleReports.move.choose')}
                options={DEVIATION_TYPES.map((d) => ({ value: d, label: t(`sales.deviationTypes.${d}`) }))}
              />
              {errors.deviationType ? <Field.ErrorText>{errors.deviationType}</Field.ErrorText> : null}
            </Field.Root>
          ) : null}
          <Field.Root invalid={!!errors.reason} required={needsReason}>
            <Field.Label>
              {t('saleReports.move.reason')}
              {needsReason ? <Field.RequiredIndicator /> : null}
            </Field.Label>
            <Textarea rows={3} value={reason} maxLength={1000} onChange={(e) => setReason(e.currentTarget.value)} />
            {errors.reason ? <Field.ErrorText>{errors.reason}</Field.ErrorText> : <Field.HelperText>{t('saleReports.move.reasonHelp')}</Field.HelperText>}
          </Field.Root>
          {errors.form ? <Notice status="error" title={errors.form} /> : null}
        </Stack>
      )}
    </AppDialog>
  )
}

/** A selection's answer: how many moved, and each report that could not with why. */
function MoveResults({ results, reports }: { results: RowResult[]; reports: MovableReport[] }) {
  const { t } = useTranslation()
  const labelOf = new Map(reports.map((r) => [r.id, r.label]))
  const failed = results.filter((r) => !r.ok)
  return (
    <Stack gap="3" data-testid="move-results">
      <Notice
        status={failed.length ? 'warning' : 'success'}
        title={t('saleReports.move.summary', { moved: results.length - failed.length, total: results.length })}
      />
      {failed.length ? (
        <RecordTable
          rows={failed}
          rowKey={(r) => r.id}
          columns={[
            { header: t('saleReports.columns.customer'), cell: (r) => labelOf.get(r.id) },
            { header: t('saleReports.move.why'), cell: (r) => r.message },
          ]}
        />
      ) : null}
    </Stack>
  )
}
