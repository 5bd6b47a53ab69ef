import { Alert, Badge, Box, Button, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatKr, formatMonth, type FormatLanguage } from '../../../../shared/format'
import { businessMonth, previousMonth } from '../../../../shared/rules/work'
import { SELLER_BUDGET_MAX_KR, UNIT_BUDGET_MAX_KR, type BudgetConflict, type BudgetRow, type BudgetScope } from '../../../../shared/schemas/budgets'
import { LoadError } from '../../../components/ui/load-error'
import { isMonth, MonthStepper } from '../../../components/ui/month-stepper'
import { Page } from '../../../components/ui/page'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { useMediaQuery } from '../../../lib/use-media-query'
import { copyPreviousBudgets, getBudgets, saveBudgets } from '../api/budgets-api'
import { useUrlParams } from '../../../lib/use-url-params'
import { budgetsKeys } from '../api/budgets-keys'
import { budgetEdits, budgetFields, budgetLines, keyOf, refusalsByField, type Line } from '../model/budget-drafts'

/**
 * /dashboards/sales/budgets (docs/decisions/047): a month's budgets of one office, its teams and their sellers,
 * edited as one table and saved at once (or copied from last month). A budget someone else changed meanwhile makes
 * the save a conflict: those budgets show as they are now, the other edits stay. A seller's budget reaches their
 * device with the next sync (the seller dashboard shows it).
 */
export default function BudgetsPage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const queryClient = useQueryClient()
  const wide = useMediaQuery('(min-width: 48rem)')
  const [params, setParams] = useUrlParams()
  const asked = params.get('month') ?? ''
  // The month the screen opened in, when the URL names none.
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const month = isMonth(asked) ? asked : thisMonth
  const officeId = params.get('officeId') ?? undefined
  const query = useQuery({ queryKey: budgetsKeys.month(month, officeId ?? ''), queryFn: ({ signal }) => getBudgets({ month, officeId }, signal) })
  const data = query.data

  const [drafts, setDrafts] = useState<Map<string, string>>(new Map())
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map())
  const [notice, setNotice] = useState<{ status: 'warning' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState<'save' | 'copy' | null>(null)

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
    setDrafts(new Map())
    setServerErrors(new Map())
    setNotice(null)
  }

  const edit = (k: string, text: string) => {
    setDrafts((d) => new Map(d).set(k, text))
    setServerErrors((e) => {
      if (!e.has(k)) return e
      const next = new Map(e)
      next.delete(k)
      return next
    })
  }

  const save = async () => {
    if (!data || problems.length > 0) return
    setBusy('save')
    setNotice(null)
    try {
      const saved = await saveBudgets(month, { officeId: data.office?.id ?? officeId ?? data.offices[0]!.id, changes })
      await queryClient.invalidateQueries({ queryKey: budgetsKeys.all })
      setDrafts(new Map())
      snackbar.show(t('budgets.saved', { count: saved.changed }), { color: 'success', icon: 'success' })
    } catch (err) {
      if (err instanceof ApiClientError && err.body?.error === 'changed_elsewhere') {
        // Those budgets show as they are now; every other edit stays to be saved again.
        const conflicts = ((err.body.details?.conflicts ?? []) as BudgetConflict[]).map((c) => keyOf(c.scope, c.id))
        setDrafts((d) => new Map([...d].filter(([k]) => !conflicts.includes(k))))
        await query.refetch()
        setNotice({ status: 'warning', text: t('budgets.conflict', { count: conflicts.length }) })
      } else if (err instanceof ApiClientError && err.body?.fieldErrors) {
        setServerErrors(refusalsByField(changes, err.body.fieldErrors))
        setNotice({ status: 'error', text: t('budgets.invalid') })
      } else setNotice({ status: 'error', text: errorText(err, t) })
    } finally {
      setBusy(null)
    }
  }

  const copy = async () => {
    if (!data) return
    setBusy('copy')
    setNotice(null)
    try {
      const { copied } = await copyPreviousBudgets(month, data.office?.id ?? officeId ?? data.offices[0]!.id)
      await queryClient.invalidateQueries({ queryKey: budgetsKeys.all })
      snackbar.show(
        copied > 0
          ? t('budgets.copied', { count: copied, month: formatMonth(previous, lang) })
          : t('budgets.copiedNone', { month: formatMonth(previous, lang), current: formatMonth(month, lang) }),
        copied > 0 ? { color: 'success', icon: 'success' } : { duration: 6000 },
      )
    } catch (err) {
      setNotice({ status: 'error', text: errorText(err, t) })
    } finally {
      setBusy(null)
    }
  }

  const field = (line: Line) => {
    const k = keyOf(line.scope, line.row.id)
    const f = fields.get(k)!
    if (!canEdit(line.scope)) {
      return <Text textAlign="end">{f.kr === null ? '–' : formatKr(f.kr, lang)}</Text>
    }
    return (
      <Stack gap="0.5" align="end">
        <Input
          size="sm"
          w={{ base: '28', md: '36' }}
          textAlign="end"
          inputMode="numeric"
          autoComplete="off"
          bg="bg"
          aria-label={t('budgets.fieldLabel', { name: line.row.name })}
          aria-invalid={f.problem ? true : undefined}
          borderColor={f.problem ? 'border.error' : f.changed ? 'colorPalette.solid' : undefined}
          colorPalette="blue"
          value={f.text}
          onChange={(e) => edit(k, e.currentTarget.value)}
        />
        {f.problem ? (
          <Text color="fg.error" fontSize="xs" role="alert" maxW={{ base: '28', md: '36' }} textAlign="end">
            {f.problem.startsWith('validation.') ? t(f.problem, { max: line.scope === 'seller' ? SELLER_BUDGET_MAX_KR : UNIT_BUDGET_MAX_KR }) : f.problem}
          </Text>
        ) : null}
      </Stack>
    )
  }

  const lastMonth = (row: BudgetRow) => (row.previousOre === null ? '–' : formatKr(row.previousOre / 100, lang))

  return (
    <Page title={t('routes.dashboards-sales-budgets')} breadcrumbs={[{ label: t('nav.groups.dashboards') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('budgets.intro')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <MonthStepper
            month={month}
            disabled={dirty}
            onChange={(m) => navigate({ month: m })}
            labels={{ previous: t('budgets.previousMonth'), month: t('budgets.month'), next: t('budgets.nextMonth') }}
          />
          {data && data.offices.length > 1 ? (
            <NativeSelect.Root size="sm" maxW="64" disabled={dirty}>
              <NativeSelect.Field
                aria-label={t('budgets.office')}
                value={data.office?.id ?? officeId ?? data.offices[0]?.id}
                onChange={(e) => navigate({ officeId: e.currentTarget.value })}
              >
                {data.offices.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : null}
          {editable ? (
            <Button size="sm" variant="outline" loading={busy === 'copy'} disabled={dirty || busy !== null} onClick={() => void copy()}>
              {t('budgets.copyPrevious', { month: formatMonth(previous, lang) })}
            </Button>
          ) : null}
        </HStack>
        {dirty ? (
          <Text fontSize="sm" color="fg.muted">
            {t('budgets.saveFirst')}
          </Text>
        ) : null}
        {notice ? (
          <Alert.Root status={notice.status}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        ) : null}
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
            <Table.ScrollArea borderWidth="1px" rounded="md">
              {/* Names and their sums wrap on a phone, so the budget fields stay in view. */}
              <Table.Root size="sm" aria-label={t('routes.dashboards-sales-budgets')} css={{ '& td': { whiteSpace: 'normal' } }}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('budgets.name')}</Table.ColumnHeader>
                    {wide ? <Table.ColumnHeader textAlign="end">{t('budgets.lastMonth')}</Table.ColumnHeader> : null}
                    <Table.ColumnHeader textAlign="end">{t('budgets.budget')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.office ? (
                    <Table.Row bg="bg.muted" data-testid="budget-office-row">
                      <Table.Cell>
                        <Text fontWeight="semibold">{t('budgets.officeBudget')}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {data.office.name} · {t('budgets.teamsSum', { amount: formatKr(teamsTotal, lang) })}
                        </Text>
                        {!wide ? (
                          <Text fontSize="xs" color="fg.muted">
                            {t('budgets.lastMonth')}: {lastMonth(data.office)}
                          </Text>
                        ) : null}
                      </Table.Cell>
                      {wide ? <Table.Cell textAlign="end">{lastMonth(data.office)}</Table.Cell> : null}
                      <Table.Cell textAlign="end">{field({ scope: 'office', row: data.office })}</Table.Cell>
                    </Table.Row>
                  ) : null}
                  {data.teams.length === 0 ? (
                    <Table.Row>
                      <Table.Cell colSpan={wide ? 3 : 2} color="fg.muted">
                        {t('budgets.noTeams')}
                      </Table.Cell>
                    </Table.Row>
                  ) : null}
                  {data.teams.flatMap((team) => [
                    <Table.Row key={team.id} bg="bg.subtle" data-testid="budget-team-row">
                      <Table.Cell>
                        <Text fontWeight="semibold">{team.name}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {t('budgets.sellersSum', { amount: formatKr(teamSellers(team.id), lang) })}
                        </Text>
                        {!wide ? (
                          <Text fontSize="xs" color="fg.muted">
                            {t('budgets.lastMonth')}: {lastMonth(team)}
                          </Text>
                        ) : null}
                      </Table.Cell>
                      {wide ? <Table.Cell textAlign="end">{lastMonth(team)}</Table.Cell> : null}
                      <Table.Cell textAlign="end">{field({ scope: 'team', row: team })}</Table.Cell>
                    </Table.Row>,
                    ...(team.sellers.length === 0
                      ? [
                          <Table.Row key={`${team.id}-none`}>
                            <Table.Cell ps="6" colSpan={wide ? 3 : 2} color="fg.muted" fontSize="sm">
                              {t('budgets.noSellers')}
                            </Table.Cell>
                          </Table.Row>,
                        ]
                      : team.sellers.map((seller) => (
                          <Table.Row key={seller.id} data-testid="budget-seller-row">
                            <Table.Cell ps="6">
                              <HStack gap="2" wrap="wrap">
                                <Text>{seller.name}</Text>
                                {fields.get(keyOf('seller', seller.id))?.changed ? (
                                  <Badge size="sm" colorPalette="blue" variant="subtle">
                                    {t('budgets.changed')}
                                  </Badge>
                                ) : null}
                              </HStack>
                              {!wide ? (
                                <Text fontSize="xs" color="fg.muted">
                                  {t('budgets.lastMonth')}: {lastMonth(seller)}
                                </Text>
                              ) : null}
                            </Table.Cell>
                            {wide ? <Table.Cell textAlign="end">{lastMonth(seller)}</Table.Cell> : null}
                            <Table.Cell textAlign="end">{field({ scope: 'seller', row: seller, teamId: team.id })}</Table.Cell>
                          </Table.Row>
                        ))),
                  ])}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
      </Stack>
      {dirty ? (
        <Box position="sticky" bottom="0" zIndex="docked" bg="bg.panel" borderWidth="1px" rounded="md" shadow="md" px="4" py="3" data-testid="budgets-savebar">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontSize="sm" fontWeight="medium" aria-live="polite">
              {t('budgets.unsaved', { count: changed.length })}
            </Text>
            <HStack gap="2">
              <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => navigate({})}>
                {t('budgets.discard')}
              </Button>
              <Button size="sm" colorPalette="blue" loading={busy === 'save'} disabled={problems.length > 0 || busy !== null} onClick={() => void save()}>
                {t('budgets.save')}
              </Button>
            </HStack>
          </HStack>
        </Box>
      ) : null}
    </Page>
  )
}
