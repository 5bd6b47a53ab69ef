import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { OfferListItem, OfferState } from '../../../../shared/schemas/offers'
import type { Column } from '../../../components/ui/data-table/data-table'

const STATE_COLOURS: Record<OfferState, string> = {
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
  superseded: 'gray',
  withdrawn: 'gray',
}

/** An offer's state as a badge in its colour. */
export function OfferStateBadge({ state }: { state: OfferState }) {
  const { t } = useTranslation()
  return (
    <Badge variant="subtle" colorPalette={STATE_COLOURS[state]} data-testid="offer-state" data-state={state}>
      {t(`offers.states.${state}`)}
    </Badge>
  )
}

export const moment = (at: number, lang: FormatLanguage) => `${formatDate(at, lang)} ${formatTime(at, lang)}`

/** A span of time in the unit a person reads it in: minutes, hours, then days. */
export function spanText(ms: number, t: (key: string, params?: Record<string, unknown>) => string) {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 60) return t('offers.stats.minutes', { count: minutes })
  const hours = Math.round(ms / 3_600_000)
  if (hours < 48) return t('offers.stats.hours', { count: hours })
  return t('offers.stats.days', { count: Math.round(ms / 86_400_000) })
}

/** The offers' columns: when sent, the customer, provider and seller, the state, the answer and the end. */
export function offerColumns(t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage): Column<OfferListItem>[] {
  return [
    { key: 'sentAt', header: t('offers.columns.sentAt'), sortKey: 'sentAt', render: (r) => moment(r.sentAt, lang), csv: (r) => moment(r.sentAt, lang) },
    { key: 'customer', header: t('offers.columns.customer'), render: (r) => r.customerName, csv: (r) => r.customerName },
    { key: 'provider', header: t('offers.columns.provider'), render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'md' },
    { key: 'seller', header: t('offers.columns.seller'), render: (r) => r.sellerName, csv: (r) => r.sellerName, hideBelow: 'md' },
    { key: 'state', header: t('offers.columns.state'), render: (r) => <OfferStateBadge state={r.state} />, csv: (r) => t(`offers.states.${r.state}`) },
    {
      key: 'answeredAt',
      header: t('offers.columns.answeredAt'),
      render: (r) => (r.answeredAt ? moment(r.answeredAt, lang) : '–'),
      csv: (r) => (r.answeredAt ? moment(r.answeredAt, lang) : ''),
      hideBelow: 'lg',
    },
    {
      key: 'expiresAt',
      header: t('offers.columns.expiresAt'),
      render: (r) => moment(r.expiresAt, lang),
      csv: (r) => moment(r.expiresAt, lang),
      hideBelow: 'lg',
    },
  ]
}
