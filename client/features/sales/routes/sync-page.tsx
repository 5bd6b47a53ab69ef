import { Alert, Badge, Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react'
import { Link } from 'react-router'
import { Page } from '../../../components/ui/page'
import { confirm } from '../../../lib/confirm-store'
import type { OutboxRow } from '../../../lib/offline-db'
import { discardRejected } from '../api/local-actions'
import { syncStateText, useSyncStatus } from '../../../lib/sync'
import { useOutbox, useSellerStore } from '../../../lib/device-store'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

/** Where a refused change can be fixed and resent, or discarded. */
function fixLink(row: OutboxRow): string | null {
  if (row.name === 'createSale') return `/sales/create?fix=${row.seq}`
  if (row.name === 'saveTimeReport') return `/sales/time-report?fix=${row.seq}&date=${(row.args as { date?: string }).date ?? ''}`
  return null
}

/** The sync queue as the seller sees it: what waits, what the server refused and why. */
export default function SyncPage() {
  const { t, lang } = useLanguage()
  const { db, engine } = useSellerStore()
  const status = useSyncStatus(engine)
  const outbox = useOutbox(db) ?? []
  const rejected = outbox.filter((r) => r.state === 'rejected')
  const pending = outbox.filter((r) => r.state === 'pending')

  const describe = (row: OutboxRow) => {
    const a = row.args as Record<string, unknown> | null
    const what = t(`sync.mutations.${row.name}`, { defaultValue: row.name })
    const detail = (a?.customerName ?? a?.companyName ?? a?.date ?? '') as string
    return detail ? `${what} · ${detail}` : what
  }

  const discard = async (row: OutboxRow) => {
    const ok = await confirm({
      title: t('sync.discardTitle'),
      text: t('sync.discardText', { what: describe(row) }),
      confirmLabel: t('sync.discard'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) {
      await discardRejected(db, row.seq)
      await engine.refreshCounts()
    }
  }

  return (
    <Page title={t('routes.sales-sync')} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      <Card.Root>
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Text fontWeight="semibold" data-testid="sync-page-status">
                {syncStateText(status, t, lang)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('sync.explain')}
              </Text>
              {status.failure && status.online ? (
                <Text fontSize="sm" color="fg.warning">
                  {t(`sync.failure.${status.failure}`)}
                </Text>
              ) : null}
            </Stack>
            <Button onClick={() => void engine.syncNow()} loading={status.syncing} loadingText={t('syncStatus.syncing')}>
              {t('sync.now')}
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>

      <SectionCard
        title={
          <>
            {t('sync.needsAttention')} <Badge colorPalette={rejected.length ? 'red' : 'gray'}>{rejected.length}</Badge>
          </>
        }
      >
        {rejected.length === 0 ? (
          <Text color="fg.muted">{t('sync.nothingRejected')}</Text>
        ) : (
          <Stack gap="4" data-testid="needs-attention">
            {rejected.map((row) => {
              const fix = fixLink(row)
              return (
                <Alert.Root key={row.seq} status="error" alignItems="flex-start">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{describe(row)}</Alert.Title>
                    <Alert.Description>
                      <Text>{row.rejection?.message}</Text>
                      {Object.entries(row.rejection?.fieldErrors ?? {}).length > 0 ? (
                        <List.Root ps="4" fontSize="sm">
                          {Object.entries(row.rejection?.fieldErrors ?? {}).map(([field, messages]) => (
                            <List.Item key={field}>{messages.join(' ')}</List.Item>
                          ))}
                        </List.Root>
                      ) : null}
                      <Text fontSize="xs" color="fg.muted" mt="1">
                        {t('sync.madeAt', { date: row.createdAt })}
                      </Text>
                    </Alert.Description>
                    <HStack mt="2" gap="2">
                      {fix ? (
                        <Button asChild size="sm" colorPalette="brand">
                          <Link to={fix}>{t('sync.fix')}</Link>
                        </Button>
                      ) : null}
                      <Button size="sm" variant="outline" onClick={() => void discard(row)}>
                        {t('sync.discard')}
                      </Button>
                    </HStack>
                  </Alert.Content>
                </Alert.Root>
              )
            })}
          </Stack>
        )}
      </SectionCard>

      <SectionCard
        title={
          <>
            {t('sync.waiting')} <Badge>{pending.length}</Badge>
          </>
        }
      >
        {pending.length === 0 ? (
          <Text color="fg.muted">{t('sync.nothingWaiting')}</Text>
        ) : (
          <List.Root ps="4" gap="1" data-testid="waiting">
            {pending.map((row) => (
              <List.Item key={row.seq}>{describe(row)}</List.Item>
            ))}
          </List.Root>
        )}
      </SectionCard>
    </Page>
  )
}
