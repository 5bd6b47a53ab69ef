import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import type { MailOutboxItem, MailStatus } from '../../../../shared/schemas/mail'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { currentLanguage } from '../../../lib/i18n'
import { getUserData } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { listOutbox, sendTestMail } from '../api/mail-api'
import { AppDialog } from '../../../components/ui/app-dialog'
import { Notice } from '../../../components/ui/notice'
import { useOutbox, useRefreshMail } from '../api/mail-queries'

const STATUS_COLOR: Record<MailStatus, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  kept: 'gray',
  failed: 'red',
  unconfirmed: 'orange',
}

/**
 * /user-admin/mail-outbox (admins): every mail the app sent or kept. Without an SMTP server nothing leaves and
 * this is where it is read (docs/decisions/020); a test mail to oneself shows whether mail works.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation()
  const refreshMail = useRefreshMail()
  const { query, update } = useListQuery()
  const [open, setOpen] = useState<MailOutboxItem | null>(null)
  const lang = currentLanguage()
  const when = (ms: number | null) => (ms ? `${formatDate(ms, lang)} ${formatTime(ms, lang)}` : '–')

  const list = useOutbox(query)

  const test = useMutation({
    mutationFn: sendTestMail,
    onSuccess: (answer) => {
      const outcome = answer.sending ? t('mailOutbox.testQueued') : t('mailOutbox.testKept')
      snackbar.success(t('mailOutbox.testSent', { email: getUserData()?.email ?? '', outcome }))
      void refreshMail()
    },
    onError: (err) => snackbar.error((err as Error).message),
  })

  const statusLabel = (s: MailStatus) => t(`mailOutbox.statuses.${s}`)
  const columns: Column<MailOutboxItem>[] = [
    {
      key: 'created',
      header: t('mailOutbox.created'),
      sortKey: 'createdAt',
      render: (m) => when(m.createdAt),
      csv: (m) => new Date(m.createdAt).toISOString(),
    },
    { key: 'to', header: t('mailOutbox.to'), render: (m) => m.to, csv: (m) => m.to },
    { key: 'subject', header: t('mailOutbox.subject'), render: (m) => m.subject, csv: (m) => m.subject, hideBelow: 'md' },
    {
      key: 'status',
      header: t('mailOutbox.status'),
      render: (m) => (
        <Badge colorPalette={STATUS_COLOR[m.status]} variant="subtle">
          {statusLabel(m.status)}
        </Badge>
      ),
      csv: (m) => statusLabel(m.status),
    },
    {
      key: 'sent',
      header: t('mailOutbox.sent'),
      render: (m) => when(m.sentAt),
      csv: (m) => (m.sentAt ? new Date(m.sentAt).toISOString() : ''),
      hideBelow: 'lg',
    },
  ]

  const csv = useCsvDownload({ fileName: t('mailOutbox.csvFile'), columns, query, fetchPage: (q) => listOutbox(q) })

  return (
    <Page title={t('routes.user-admin-mail-outbox')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        {list.data && (
          <Notice
            status={list.data.sending ? 'info' : 'warning'}
            data-testid="mail-transport"
            title={list.data.sending ? t('mailOutbox.sendingOn') : t('mailOutbox.sendingOff')}
          />
        )}
        <DataTable
          label={t('routes.user-admin-mail-outbox')}
          columns={columns}
          {...listTable(list, { query, update }, csv)}
          onRowClick={setOpen}
          toolbar={
            <Button size="sm" colorPalette="brand" loading={test.isPending} onClick={() => test.mutate()}>
              {t('mailOutbox.sendTest')}
            </Button>
          }
        />
      </Stack>
      <AppDialog open={open !== null} onClose={() => setOpen(null)} title={open?.subject} testId="mail-message" size="lg">
        {open ? (
          <Stack gap="3">
            <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm">
              <Text as="dt" color="fg.muted">
                {t('mailOutbox.to')}
              </Text>
              <Text as="dd">{open.to}</Text>
              <Text as="dt" color="fg.muted">
                {t('mailOutbox.status')}
              </Text>
              <Text as="dd">{statusLabel(open.status)}</Text>
              <Text as="dt" color="fg.muted">
                {t('mailOutbox.created')}
              </Text>
              <Text as="dd">{when(open.createdAt)}</Text>
              <Text as="dt" color="fg.muted">
                {t('mailOutbox.language')}
              </Text>
              <Text as="dd">{t(`app.languages.${open.language}`, { defaultValue: open.language })}</Text>
              {open.lastError && (
                <>
                  <Text as="dt" color="fg.muted">
                    {t('mailOutbox.lastError')}
                  </Text>
                  <Text as="dd" color="fg.error">
                    {open.lastError}
                  </Text>
                </>
              )}
            </Box>
            <Box borderWidth="1px" borderRadius="md" p="4" whiteSpace="pre-wrap" fontSize="sm" data-testid="mail-text">
              {open.text}
            </Box>
          </Stack>
        ) : null}
      </AppDialog>
    </Page>
  )
}
