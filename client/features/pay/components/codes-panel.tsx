import { Badge, Box, Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codeFitsItem, PAY_CODES, TIME_CODES, USUAL_PAY_CODES, USUAL_TIME_CODES } from '../../../../shared/rules/pay'
import type { PaycodeRow } from '../../../../shared/schemas/pay'
import { FormField } from '../../../components/ui/form-field'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useAction } from '../../../components/ui/use-action'
import { applyFieldErrors } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { updatePaycode } from '../api/pay-api'
import { RecordTable } from '../../../components/ui/record-table'
import { LoadError } from '../../../components/ui/load-error'
import { usePaycodes, useRefreshPayPaycodes, useRefreshPayPayroll } from '../api/pay-queries'

/** The payroll system's code for each pay item; an item without one is marked (it stops an export). */
export function CodesPanel() {
  const { t } = useTranslation()
  const ability = useAbility()
  const [editing, setEditing] = useState<PaycodeRow | null>(null)
  const refreshPayPaycodes = useRefreshPayPaycodes()
  const refreshPayPayroll = useRefreshPayPayroll()
  const codes = usePaycodes()
  const system = codes.data?.system ?? t('pay.payrollSystem')
  if (codes.isPending)
    return (
      <Text color="fg.muted" aria-busy pt="2">
        …
      </Text>
    )
  if (codes.isError) return <LoadError error={codes.error} onRetry={() => void codes.refetch()} />
  const code = (r: PaycodeRow) =>
    r.code ? (
      <CodeBadge item={r.item} code={r.code} />
    ) : (
      <Badge colorPalette="red" variant="subtle">
        {t('pay.paycodes.unmapped')}
      </Badge>
    )
  return (
    <Stack gap="3" pt="2">
      <Text fontSize="sm" color="fg.muted">
        {t('pay.paycodes.intro', { system })}
      </Text>
      <RecordTable<PaycodeRow>
        bordered
        rows={codes.data.items}
        rowKey={(r) => r.item}
        testId="paycodes-table"
        rowTestId="paycode-row"
        columns={[
          {
            header: t('pay.paycodes.item'),
            cell: (r) => (
              <>
                <Text>{t(`pay.items.${r.item}`)}</Text>
                <Box hideFrom="sm" mt="1">
                  {code(r)}
                </Box>
              </>
            ),
          },
          { header: t('pay.paycodes.kind'), cell: (r) => t(`pay.paycodes.kinds.${r.kind}`), hideBelow: 'md' },
          { header: t('pay.paycodes.code'), cell: code, hideBelow: 'sm' },
          { header: t('pay.paycodes.name'), cell: (r) => r.name ?? '–', hideBelow: 'sm' },
        ]}
        actions={(r) =>
          ability.can('update', 'paycodes') ? (
            <Button size="xs" variant="outline" onClick={() => setEditing(r)} aria-label={`${t('pay.paycodes.edit')}: ${t(`pay.items.${r.item}`)}`}>
              {t('pay.paycodes.edit')}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <CodeDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            snackbar.success(t('pay.paycodes.saved'))
            void refreshPayPaycodes()
            void refreshPayPayroll()
          }}
          onReload={() => void refreshPayPaycodes()}
        />
      ) : null}
    </Stack>
  )
}

function CodeDialog({ row, onClose, onSaved, onReload }: { row: PaycodeRow; onClose: () => void; onSaved: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const [code, setCode] = useState(row.code ?? '')
  const [name, setName] = useState(row.name ?? '')
  const [codeError, setCodeError] = useState<string | null>(null)
  const save = useAction(updatePaycode, {
    onDone: onSaved,
    onError: (err) => applyFieldErrors(err, (_field, e) => setCodeError(e.message ?? null), ['code'] as const),
  })
  const all: readonly string[] = row.kind === 'time' ? TIME_CODES : PAY_CODES
  const usual: readonly string[] = row.kind === 'time' ? USUAL_TIME_CODES : USUAL_PAY_CODES
  const stale = row.code && !all.includes(row.code) ? row.code : null
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('pay.paycodes.editTitle', { item: t(`pay.items.${row.item}`) })}
      testId="paycode-dialog"
      {...save.dialog}
      onReload={onReload}
      onSubmit={(e) => {
        e.preventDefault()
        setCodeError(null)
        void save.run(row.item, { version: row.version, code: code || null, name: name.trim() || null })
      }}
    >
      <FormField label={t('pay.paycodes.code')} error={codeError ? { type: 'server', message: codeError } : undefined}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={code} onChange={(e) => setCode(e.currentTarget.value)}>
            <option value="">{t('pay.paycodes.unmapped')}</option>
            {stale ? (
              <option value={stale} disabled>
                {t('pay.paycodes.notPaxml', { code: stale })}
              </option>
            ) : null}
            <optgroup label={t('pay.paycodes.usualCodes')}>
              {usual.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('pay.paycodes.otherCodes')}>
              {all
                .filter((c) => !usual.includes(c))
                .map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
            </optgroup>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={t('pay.paycodes.name')} helper={t('pay.paycodes.nameHelper')}>
        <Input value={name} maxLength={60} onChange={(e) => setName(e.currentTarget.value)} />
      </FormField>
    </FormDialog>
  )
}

/** A mapped code; one that PAXml 2.0 does not have (stored before its lists were enforced) is marked to be changed. */
function CodeBadge({ item, code }: { item: PaycodeRow['item']; code: string }) {
  const { t } = useTranslation()
  return codeFitsItem(item, code) ? (
    <Badge variant="outline" fontFamily="mono">
      {code}
    </Badge>
  ) : (
    <Badge colorPalette="red" variant="subtle" fontFamily="mono" title={t('pay.paycodes.notPaxml', { code })}>
      {t('pay.paycodes.notPaxml', { code })}
    </Badge>
  )
}
