import { Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { formatMonth } from '../../../../shared/format'
import { businessMonth, previousMonth } from '../../../../shared/rules/work'
import { type BudgetConflict, type BudgetScope, type BudgetsOverview } from '../../../../shared/schemas/budgets'
import { LoadError } from '../../../components/ui/load-error'
import { isMonth } from '../../../components/ui/month-stepper'
import { Page } from '../../../components/ui/page'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { useMediaQuery } from '../../../lib/use-media-query'
import { useBudgetsMonth, useCopyPreviousBudgets, useSaveBudgets } from '../api/budgets-queries'
import { useUrlParams } from '../../../lib/use-url-params'
import { useAction } from '../../../components/ui/use-action'
import { budgetEdits, budgetFields, budgetLines, keyOf, refusalsByField } from '../model/budget-drafts'
import { BudgetField, BudgetMonthBar, BudgetSaveBar, BudgetTable } from '../components/budget-table'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'

/** The office a save or copy is for: the one shown, else the one asked for, else the reader's first. */
const officeOf = (d: BudgetsOverview, officeId: string | undefined) => d.office?.id ?? officeId ?? d.offices[0]!.id

/**
 * The month's edits as typed (by budget key) and the server's refusals of them; an edit clears its own refusal, and
 * moving to another month or office forgets them all.
 */
function useBudgetDrafts() {
  const [drafts, setDrafts] = useState<Map<string, string>>(new Map())
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map())
  const edit = (k: string, text: string) => {
    setDrafts((d) => new Map(d).set(k, text))
    setServerErrors((e) => {
      if (!e.has(k)) return e
      const next = new Map(e)
      next.delete(k)
      return next
    })
  }
  const forget = () => {
    setDrafts(new Map())
    setServerErrors(new Map())
  }
  return { drafts, setDrafts, serverErrors, setServerErrors, edit, forget }
}

/**
 * /dashboards/sales/budgets (docs/decisions/047): a month's budgets of one office, its teams and their sellers,
 * edited as one table and saved at once (or copied from last month). A budget someone else changed meanwhile makes
 * the save a conflict: those budgets show as they are now, the other edits stay. A seller's budget reaches their
 * device with the next sync (the seller dashboard shows it).
 */
export default function BudgetsPage() {
  const { t, lang } = useLanguage()
  const wide = useMediaQuery('(min-width: 48rem)')
  const [params, setParams] = useUrlParams()
  const asked = params.get('month') ?? ''
  // The month the screen opened in, when the URL names none.
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const month = isMonth(asked) ? asked : thisMonth
  const officeId = params.get('officeId') ?? undefined
  const query = useBudgetsMonth(month, officeId)
  const data = query.data

  const { drafts, setDrafts, serverErrors, setServerErrors, edit, forget } = useBudgetDrafts()
  const [notice, setNotice] = useState<{ status: 'warning' | 'error'; text: string } | null>(null)

  const lines = useMemo(() => budgetLines(data), [data])
  const fields = useMemo(() => budgetFields(lines, drafts, serverErrors), [lines, drafts, serverErrors])
  const { changed, problems, dirty, changes } = budgetEdits(fields)
  const canEdit = (scope: BudgetScope) => (scope === 'office' ? !!data?.may.office : !!data?.may.update)
  const editable = !!data && (data.may.update || data.may.office)
  const amountOf = (scope: BudgetScope, id: string) => fields.get(keyOf(scope, id))?.kr ?? 0
  const teamSellers = (teamId: string) => lines.filter((l) => l.teamId === teamId).reduce((n, l) => n + amountOf('seller', l.row.id), 0)
  const teamsTotal = data ? data.teams.reduce((n, team) => n + amountOf('team', team.id), 0) : 0
  const previous = previousMonth(month)

  const navigate = (next: { month?: string; officeId?: string }) => {
    setParams(
      (p) => {
        if (next.month) p.set('month', next.month)
        if (next.officeId) p.set('officeId', next.officeId)
        return p
      },
      { replace: true },
    )
    forget()
    setNotice(null)
  }

  const saving = useAction(useSaveBudgets(), {
    onDone: (saved) => {
      setDrafts(new Map())
      snackbar.success(t('budgets.saved', { count: saved.changed }))
    },
    onError: (err) => {
      const fieldErrors = serverFieldErrors(err)
      if (err instanceof ApiClientError && err.body?.error === 'changed_elsewhere') {
        // Those budgets show as they are now; every other edit stays to be saved again.
        const conflicts = ((err.body.details?.conflicts ?? []) as BudgetConflict[]).map((c) => keyOf(c.scope, c.id))
        setDrafts((d) => new Map([...d].filter(([k]) => !conflicts.includes(k))))
        void query.refetch()
        setNotice({ status: 'warning', text: t('budgets.conflict', { count: conflicts.length }) })
      } else if (fieldErrors) {
        setServerErrors(refusalsByField(changes, fieldErrors))
        setNotice({ status: 'error', text: t('budgets.invalid') })
      } else setNotice({ status: 'error', text: errorText(err, t) })
      return true
    },
  })
  const copying = useAction(useCopyPreviousBudgets(), {
    onDone: ({ copied }) =>
      snackbar.show(
        copied > 0
          ? t('budgets.copied', { count: copied, month: formatMonth(previous, lang) })
          : t('budgets.copiedNone', { month: formatMonth(previous, lang), current: formatMonth(month, lang) }),
        copied > 0 ? { color: 'success', icon: 'success' } : { duration: 6000 },
      ),
    onError: (err) => {
      setNotice({ status: 'error', text: errorText(err, t) })
      return true
    },
  })
  const busy = saving.busy ? 'save' : copying.busy ? 'copy' : null

  const save = () => {
    if (!data || problems.length > 0) return
    setNotice(null)
    void saving.run(month, { officeId: officeOf(data, officeId), changes })
  }

  const copy = () => {
    if (!data) return
    setNotice(null)
    void copying.run(month, officeOf(data, officeId))
  }

  return (
    <Page title={t('routes.dashboards-sales-budgets')} breadcrumbs={[{ label: t('nav.groups.dashboards') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('budgets.intro')}
        </Text>
        <BudgetMonthBar
          month={month}
          data={data}
          officeId={officeId}
          dirty={dirty}
          copying={busy === 'copy'}
          copyDisabled={dirty || busy !== null}
          onNavigate={navigate}
          onCopy={copy}
          lang={lang}
        />
        {dirty ? (
          <Text fontSize="sm" color="fg.muted">
            {t('budgets.saveFirst')}
          </Text>
        ) : null}
        {notice ? <Notice status={notice.status} description={notice.text} /> : null}
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Skeleton h="60" aria-busy />
        ) : data.offices.length === 0 ? (
          <Text color="fg.muted">{t('budgets.empty')}</Text>
        ) : (
          <>
            {!editable ? (
              <Text fontSize="sm" color="fg.muted">
                {t('budgets.readOnly')}
              </Text>
            ) : null}
            <BudgetTable
              data={data}
              wide={wide}
              lang={lang}
              fields={fields}
              teamsTotal={teamsTotal}
              teamSellers={teamSellers}
              field={(line) => (
                <BudgetField line={line} field={fields.get(keyOf(line.scope, line.row.id))!} editable={canEdit(line.scope)} onEdit={edit} lang={lang} />
              )}
            />
          </>
        )}
      </Stack>
      {dirty ? <BudgetSaveBar changed={changed.length} busy={busy} blocked={problems.length > 0} onDiscard={() => navigate({})} onSave={save} /> : null}
    </Page>
  )
}
