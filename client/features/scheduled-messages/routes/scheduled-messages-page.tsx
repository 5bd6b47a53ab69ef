import { Badge, Field, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { MESSAGE_CHANNELS, type ScheduledMessageItem } from '../../../../shared/schemas/scheduled-messages'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { chipsOf } from '../../../components/ui/filter-chips'
import { FilterBar, FilterChips } from '../../../components/ui/list-filters'
import { Page } from '../../../components/ui/page'
import { CreateButton } from '../../../components/ui/record-table'
import { useAbility } from '../../../lib/session'
import { listMessages, MESSAGE_FILTER_KEYS } from '../api/scheduled-messages-api'
import { scheduledMessagesKeys } from '../api/scheduled-messages-keys'
import { inZone, recurrenceInWords } from '../model/message-form'
import { Choices } from '../../../components/ui/choices'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { useLanguage } from '../../../lib/use-language'

const STATES = ['active', 'paused'] as const

/**
 * /backoffice/scheduledmessages (docs/decisions/071, spec section 3): the messages that go out on a schedule — name,
 * channel, the recurrence in words, the next send in the organisation's time, active or paused — searched and
 * filtered; a row opens the message, "New message" writes one.
 */
export default function ScheduledMessagesPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const { query, update, filters, active } = useListQuery({ itemsPerPage: 25 }, MESSAGE_FILTER_KEYS)
  const list = useListPage(scheduledMessagesKeys.list, listMessages, query, filters)
  const day = (iso: string) => formatDate(Date.parse(`${iso}T12:00:00Z`), lang)
  const words = (r: ScheduledMessageItem) => recurrenceInWords(t, r.recurrence, r.schedule.endDate, day, lang)
  // A send in the message's own zone, the zone named: the same time the message's page shows, wherever the reader is.
  const when = (r: ScheduledMessageItem) =>
    r.nextSendAt === null ? t('scheduled.none') : t('scheduled.atInZone', { at: inZone(r.nextSendAt, r.timezone, lang), timezone: r.timezone })
  const columns: Column<ScheduledMessageItem>[] = [
    {
      key: 'name',
      header: t('scheduled.columns.name'),
      sortKey: 'name',
      render: (r) => <StackedCell main={r.name} under={words(r)} />,
      csv: (r) => r.name,
    },
    {
      key: 'channel',
      header: t('scheduled.columns.channel'),
      render: (r) => t(`scheduled.channels.${r.channel}`),
      csv: (r) => t(`scheduled.channels.${r.channel}`),
      hideBelow: 'lg',
    },
    { key: 'recurrence', header: t('scheduled.columns.recurrence'), render: words, csv: words, hideBelow: 'md' },
    {
      key: 'nextSend',
      header: t('scheduled.columns.nextSend'),
      sortKey: 'nextSendAt',
      render: when,
      csv: when,
      hideBelow: 'sm',
    },
    {
      key: 'active',
      header: t('scheduled.columns.active'),
      render: (r) => (
        <Badge variant="subtle" colorPalette={r.active ? 'green' : 'gray'}>
          {t(`scheduled.states.${r.active ? 'active' : 'paused'}`)}
        </Badge>
      ),
      csv: (r) => t(`scheduled.states.${r.active ? 'active' : 'paused'}`),
    },
  ]
  const csv = useCsvDownload({ fileName: t('routes.backoffice-scheduledmessages'), columns, query, fetchPage: (q) => listMessages(q, filters) })
  const states = chipsOf(filters.active, STATES)
  return (
    <Page title={t('routes.backoffice-scheduledmessages')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('scheduled.intro')}
      </Text>
      <DataTable
        label={t('routes.backoffice-scheduledmessages')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={t('scheduled.empty')}
        onRowClick={(r) => navigate(pathFor('backoffice-scheduledmessages-id', { id: r.id }))}
        activeFilters={active}
        toolbar={
          <CreateButton
            show={ability.can('create', 'scheduled_messages')}
            label={t('scheduled.new')}
            onClick={() => navigate(pathFor('backoffice-scheduledmessages-id', { id: 'new' }))}
            testId="message-new"
          />
        }
        filters={
          <FilterBar
            testId="message-filters"
            chips={
              <FilterChips
                label={t('scheduled.columns.active')}
                values={STATES}
                on={(s) => states.has(s)}
                onToggle={(s) => update({ active: states.has(s) ? undefined : s })}
                text={(s) => t(`scheduled.states.${s}`)}
              />
            }
            clear={{ label: t('scheduled.clearFilters'), active: active > 0, onClear: () => update({ active: undefined, channel: undefined }) }}
          >
            <Field.Root>
              <Field.Label>{t('scheduled.columns.channel')}</Field.Label>
              <Choices
                size="sm"
                value={filters.channel ?? ''}
                onChange={(e) => update({ channel: e.target.value || undefined })}
                data-testid="message-channel-filter"
                empty={t('scheduled.anyChannel')}
                options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`scheduled.channels.${c}`) }))}
              />
            </Field.Root>
          </FilterBar>
        }
      />
    </Page>
  )
}
