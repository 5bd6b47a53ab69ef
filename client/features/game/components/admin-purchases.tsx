import { Box, Button, Card, HStack, SegmentGroup, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import { GAME_PURCHASE_STATUSES, type GamePurchase, type GamePurchaseStatus } from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { snackbar } from '../../../lib/snackbar-store'
import { decidePurchase } from '../api/game-api'
import { formatPoints } from './game-parts'
import { PurchaseStatus, variantLabel } from './purchase-parts'
import { useLanguage } from '../../../lib/use-language'
import { useAction } from '../../../components/ui/use-action'
import { useAdminPurchases, useRefreshGame } from '../api/game-queries'

/** Purchases in the shop: those waiting for a decision first; each approved (handed out) or rejected with a reason. */
export function PurchasesPanel() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<GamePurchaseStatus | 'all'>('requested')
  const query = useAdminPurchases(status)
  const [rejecting, setRejecting] = useState<GamePurchase | null>(null)
  const items = query.data?.items
  return (
    <Stack gap="4" pt="2">
      <SegmentGroup.Root
        size="sm"
        value={status}
        onValueChange={(e) => e.value && setStatus(e.value as typeof status)}
        data-testid="purchases-status"
        maxW="full"
        overflowX="auto"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[...GAME_PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`game.shop.statuses.${s}`) })), { value: 'all', label: t('game.admin.all') }]}
        />
      </SegmentGroup.Root>
      {query.isError && !items ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !items ? (
        <Skeleton h="40" aria-busy />
      ) : items.length === 0 ? (
        <Text color="fg.muted" data-testid="purchases-empty">
          {status === 'requested' ? t('game.admin.nothingWaiting') : t('game.admin.noPurchases')}
        </Text>
      ) : (
        <Stack gap="3" opacity={query.isPlaceholderData ? 0.6 : 1}>
          {items.map((p) => (
            <PurchaseCard key={p.id} purchase={p} onReject={() => setRejecting(p)} />
          ))}
        </Stack>
      )}
      {rejecting ? <RejectDialog purchase={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  )
}

function PurchaseCard({ purchase, onReject }: { purchase: GamePurchase; onReject: () => void }) {
  const { t, lang } = useLanguage()
  const refreshGame = useRefreshGame()
  const approval = useAction(decidePurchase, {
    failure: 'snackbar',
    onDone: () => snackbar.success(t('game.admin.approved', { name: purchase.userName })),
  })
  const busy = approval.busy
  const approve = async () => {
    await approval.run(purchase.id, { version: purchase.version, decision: 'approve' })
    // Either way the list is read again: a refusal means it changed.
    void refreshGame()
  }
  return (
    <Card.Root size="sm" data-testid="admin-purchase" data-buyer={purchase.userName} data-status={purchase.status}>
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box minW="0">
            <Text fontWeight="semibold">
              {purchase.userName} · {[purchase.rewardName, variantLabel(purchase.variant)].filter(Boolean).join(', ')}
            </Text>
            <HStack gap="2" mt="1" wrap="wrap" fontSize="sm" color="fg.muted">
              <PurchaseStatus status={purchase.status} />
              <Text>{t('game.shop.price', { price: formatPoints(purchase.priceCoins, lang) })}</Text>
              <Text>
                {formatDate(purchase.createdAt, lang)} {formatTime(purchase.createdAt, lang)}
              </Text>
            </HStack>
            {purchase.decidedByName ? (
              <Text fontSize="sm" mt="1">
                {t('game.admin.decidedBy', { name: purchase.decidedByName })}
                {purchase.reason ? ` · ${purchase.reason}` : ''}
              </Text>
            ) : null}
          </Box>
          {purchase.status === 'requested' ? (
            <HStack gap="2">
              <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} disabled={busy}>
                {t('game.admin.reject')}
              </Button>
              <Button size="sm" colorPalette="green" loading={busy} onClick={() => void approve()}>
                {t('game.admin.approve')}
              </Button>
            </HStack>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}

function RejectDialog({ purchase, onClose }: { purchase: GamePurchase; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const refreshGame = useRefreshGame()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const rejection = useAction(decidePurchase, {
    onDone: () => {
      snackbar.success(t('game.admin.rejected'))
      void refreshGame()
      onClose()
    },
  })
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('game.admin.rejectTitle', { name: purchase.userName })}
      testId="reject-purchase"
      {...rejection.dialog}
      onReload={() => {
        void refreshGame()
        onClose()
      }}
      submitLabel={t('game.admin.reject')}
      onSubmit={async (e) => {
        e.preventDefault()
        if (!reason.trim()) return setMissing(true)
        await rejection.run(purchase.id, { version: purchase.version, decision: 'reject', reason })
      }}
    >
      <Text fontSize="sm">{t('game.admin.rejectText', { price: formatPoints(purchase.priceCoins, i18n.language as FormatLanguage) })}</Text>
      <FormField label={t('game.admin.reason')} required error={missing ? { type: 'required', message: 'validation.game.rejectReason' } : undefined}>
        <Textarea
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.currentTarget.value)
            setMissing(false)
          }}
        />
      </FormField>
    </FormDialog>
  )
}
