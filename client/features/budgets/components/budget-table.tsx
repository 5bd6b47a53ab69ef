import { Badge, Box, Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatKr, formatMonth, type FormatLanguage } from '../../../../shared/format'
import { previousMonth } from '../../../../shared/rules/work'
import { MonthStepper } from '../../../components/ui/month-stepper'
import { SELLER_BUDGET_MAX_KR, UNIT_BUDGET_MAX_KR, type BudgetRow, type BudgetsOverview } from '../../../../shared/schemas/budgets'
import { keyOf, type Field, type Line } from '../model/budget-drafts'

/**
 * A month's budgets as one table: the office's (with its teams' sum), each team's (with its sellers' sum) and each
 * seller's, last month's figure beside each (under the name on a phone).
 */
export function BudgetTable(props: {
  data: BudgetsOverview
  wide: boolean
  lang: FormatLanguage
  fields: Map<string, Field>
  teamsTotal: number
  teamSellers: (teamId: string) => number
  field: (line: Line) => ReactNode
}) {
  const { data, wide, lang, fields, teamsTotal, teamSellers, field } = props
  const { t } = useTranslation()
  const lastMonth = (row: BudgetRow) => (row.previousOre === null ? '–' : formatKr(row.previousOre / 100, lang))
  return (
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
  )
}

/** A budget's field: its amount to edit, marked when changed or refused; the amount alone for one who may not edit it. */
export function BudgetField(props: { line: Line; field: Field; editable: boolean; onEdit: (key: string, text: string) => void; lang: FormatLanguage }) {
  const { line, field: f, editable, onEdit, lang } = props
  const { t } = useTranslation()
  const k = keyOf(line.scope, line.row.id)
  if (!editable) {
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
        onChange={(e) => onEdit(k, e.currentTarget.value)}
      />
      {f.problem ? (
        <Text color="fg.error" fontSize="xs" role="alert" maxW={{ base: '28', md: '36' }} textAlign="end">
          {f.problem.startsWith('validation.') ? t(f.problem, { max: line.scope === 'seller' ? SELLER_BUDGET_MAX_KR : UNIT_BUDGET_MAX_KR }) : f.problem}
        </Text>
      ) : null}
    </Stack>
  )
}

/** The bar that stays in view while there are unsaved budgets: how many, discard, save. */
export function BudgetSaveBar(props: { changed: number; busy: 'save' | 'copy' | null; blocked: boolean; onDiscard: () => void; onSave: () => void }) {
  const { t } = useTranslation()
  return (
    <Box position="sticky" bottom="0" zIndex="docked" bg="bg.panel" borderWidth="1px" rounded="md" shadow="md" px="4" py="3" data-testid="budgets-savebar">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium" aria-live="polite">
          {t('budgets.unsaved', { count: props.changed })}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="ghost" disabled={props.busy !== null} onClick={props.onDiscard}>
            {t('budgets.discard')}
          </Button>
          <Button size="sm" colorPalette="blue" loading={props.busy === 'save'} disabled={props.blocked || props.busy !== null} onClick={props.onSave}>
            {t('budgets.save')}
          </Button>
        </HStack>
      </HStack>
    </Box>
  )
}

/** The month (not changed while edits wait), the office when the reader has several, and last month's budgets copied. */
export function BudgetMonthBar(props: {
  month: string
  data: BudgetsOverview | undefined
  officeId: string | undefined
  dirty: boolean
  copying: boolean
  copyDisabled: boolean
  onNavigate: (next: { month?: string; officeId?: string }) => void
  onCopy: () => void
  lang: FormatLanguage
}) {
  const { month, data, officeId, dirty, copying, copyDisabled, onNavigate, onCopy, lang } = props
  const { t } = useTranslation()
  const previous = previousMonth(month)
  return (
    <HStack gap="2" wrap="wrap">
      <MonthStepper
        month={month}
        disabled={dirty}
        onChange={(m) => onNavigate({ month: m })}
        labels={{ previous: t('budgets.previousMonth'), month: t('budgets.month'), next: t('budgets.nextMonth') }}
      />
      {data && data.offices.length > 1 ? (
        <NativeSelect.Root size="sm" maxW="64" disabled={dirty}>
          <NativeSelect.Field
            aria-label={t('budgets.office')}
            value={data.office?.id ?? officeId ?? data.offices[0]?.id}
            onChange={(e) => onNavigate({ officeId: e.currentTarget.value })}
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
      {data && (data.may.update || data.may.office) ? (
        <Button size="sm" variant="outline" loading={copying} disabled={copyDisabled} onClick={onCopy}>
          {t('budgets.copyPrevious', { month: formatMonth(previous, lang) })}
        </Button>
      ) : null}
    </HStack>
  )
}
