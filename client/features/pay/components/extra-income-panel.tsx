import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatMonth, formatOre } from '../../../../shared/format'
import { kronorText } from '../../../../shared/rules/catalog'
import { extraIncomeFormSchema, type ExtraIncomeItem } from '../../../../shared/schemas/pay'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { FormField } from '../../../components/ui/form-field'
import { FormDialog, formErrorOf, useFormError } from '../../../components/ui/form-dialog'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createExtraIncome, listExtraIncome, removeExtraIncome, updateExtraIncome } from '../api/pay-api'
import { MonthField } from '../../../components/ui/month-field'
import { payKeys } from '../api/pay-keys'
import { useSchemaForm, TextField, TextAreaField } from '../../../components/ui/form-kit'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshPayExtraIncomes, useRefreshPayPayroll } from '../api/pay-queries'

/** Extra income of a month: who gets what and why; added, changed and removed by back office (logged). */
export function ExtraIncomePanel({ month, onMonth }: { month: string; onMonth: (m: string) => void }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshPayExtraIncomes = useRefreshPayExtraIncomes()
  const refreshPayPayroll = useRefreshPayPayroll()
  const { query, update } = useListQuery({ itemsPerPage: 25 })
  const [editing, setEditing] = useState<ExtraIncomeItem | 'new' | null>(null)
  const filters = { month }
  const list = useListPage(payKeys.extraIncomes.list, listExtraIncome, query, filters)
  const refresh = () => {
    void refreshPayExtraIncomes()
    void refreshPayPayroll()
  }
  const mayChange = ability.can('update', 'extra_incomes')
  const remove = async (r: ExtraIncomeItem) => {
    const ok = await confirm({
      title: t('pay.extra.removeTitle'),
      text: t('pay.extra.removeText', { amount: formatOre(r.amountOre, lang), name: r.sellerName, month: formatMonth(r.month, lang) }),
      confirmLabel: t('pay.extra.remove'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    try {
      await removeExtraIncome(r.id, r.version)
      snackbar.success(t('pay.extra.removed'))
    } catch (err) {
      snackbar.error(formErrorOf(err, t).message)
    }
    refresh()
  }
  const columns: Column<ExtraIncomeItem>[] = [
    {
      key: 'seller',
      header: t('pay.seller'),
      sortKey: 'seller',
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.sellerName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {r.description}
          </Text>
        </>
      ),
      csv: (r) => r.sellerName,
    },
    { key: 'month', header: t('pay.month'), sortKey: 'month', render: (r) => formatMonth(r.month, lang), csv: (r) => r.month, hideBelow: 'md' },
    {
      key: 'amount',
      header: t('pay.extra.amount'),
      sortKey: 'amount',
      render: (r) => formatOre(r.amountOre, lang),
      csv: (r) => (r.amountOre / 100).toFixed(2),
    },
    { key: 'description', header: t('pay.extra.description'), render: (r) => r.description, csv: (r) => r.description, hideBelow: 'lg' },
    {
      key: 'actions',
      header: '',
      render: (r) =>
        mayChange ? (
          <HStack gap="1" justify="end" onClick={(e) => e.stopPropagation()}>
            <Button size="xs" variant="outline" onClick={() => setEditing(r)}>
              {t('pay.paycodes.edit')}
            </Button>
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`${t('pay.extra.remove')}: ${r.sellerName}`} onClick={() => void remove(r)}>
              ✕
            </IconButton>
          </HStack>
        ) : null,
    },
  ]
  const csv = useCsvDownload({
    fileName: `${t('pay.extra.csvFile')}-${month}`,
    columns: columns.filter((c) => c.key !== 'actions'),
    query,
    fetchPage: (q) => listExtraIncome(q, filters),
  })
  return (
    <Stack gap="3" pt="2">
      <Text fontSize="sm" color="fg.muted">
        {t('pay.extra.intro')}
      </Text>
      <DataTable
        label={t('pay.paycodes.tabs.extra')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={t('pay.extra.empty')}
        toolbar={
          <HStack gap="2" wrap="wrap">
            <MonthField month={month} onChange={onMonth} />
            {ability.can('create', 'extra_incomes') ? (
              <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
                {t('pay.extra.add')}
              </Button>
            ) : null}
          </HStack>
        }
      />
      {editing ? (
        <ExtraIncomeDialog
          item={editing === 'new' ? null : editing}
          month={month}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null)
            snackbar.success(t(created ? 'pay.extra.created' : 'pay.extra.updated'))
            refresh()
          }}
          onReload={refresh}
        />
      ) : null}
    </Stack>
  )
}

function ExtraIncomeDialog({
  item,
  month,
  onClose,
  onSaved,
  onReload,
}: {
  item: ExtraIncomeItem | null
  month: string
  onClose: () => void
  onSaved: (created: boolean) => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const formError = useFormError()
  const form = useSchemaForm(extraIncomeFormSchema, {
    defaultValues: {
      userId: item?.userId ?? '',
      month: item?.month ?? month,
      amount: item ? kronorText(item.amountOre) : '',
      description: item?.description ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (v) => {
    formError.clear()
    try {
      if (item) await updateExtraIncome(item.id, { version: item.version, month: v.month, amountOre: v.amount, description: v.description })
      else await createExtraIncome({ userId: v.userId, month: v.month, amountOre: v.amount, description: v.description })
      onSaved(!item)
    } catch (err) {
      if (
        !applyFieldErrors(err, (f, e) => form.setError(f === 'amountOre' ? 'amount' : (f as 'userId' | 'month' | 'description'), e), [
          'userId',
          'month',
          'amountOre',
          'description',
        ] as const)
      )
        formError.fail(err)
    }
  })
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t(item ? 'pay.extra.editTitle' : 'pay.extra.addTitle')}
      testId="extra-income-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      {...formError.props}
      onReload={onReload}
    >
      {item?.exported ? (
        <Text fontSize="sm" color="fg.warning">
          {t('pay.extra.exported')}
        </Text>
      ) : null}
      {item ? (
        <Text fontWeight="medium">{item.sellerName}</Text>
      ) : (
        <FormField label={t('pay.seller')} error={errors.userId} required>
          <Controller
            control={form.control}
            name="userId"
            render={({ field }) => (
              <LookupCombobox kind="users" label={t('pay.seller')} value={field.value || undefined} onChange={(id) => field.onChange(id ?? '')} />
            )}
          />
        </FormField>
      )}
      <TextField form={form} name="month" label={t('pay.month')} type="month" required />
      <TextField form={form} name="amount" label={t('pay.extra.amount')} inputMode="decimal" autoComplete="off" helper={t('pay.extra.amountHelper')} required />
      <TextAreaField form={form} name="description" label={t('pay.extra.description')} rows={2} maxLength={200} required />
    </FormDialog>
  )
}
