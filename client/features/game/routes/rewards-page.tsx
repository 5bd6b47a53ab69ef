import { Badge, Box, Button, Card, Field, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GamePurchase, GameShop, Reward, RewardVariant } from '../../../../shared/schemas/game'
import { CoinIcon } from '../../../components/ui/icons'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { formatPoints, GameLoadError } from '../components/game-parts'
import { PurchaseStatus, variantLabel } from '../components/purchase-parts'
import { useLanguage } from '../../../lib/use-language'
import { useBuyReward, useCancelPurchase, useShop } from '../api/game-queries'

/**
 * /sales-flow/rewards (docs/decisions/052): the rewards shop. The seller's Key Coins, what is on offer with each
 * variant's stock, buying (coins and item reserved at once, after a confirmation), and their purchases with their
 * state — cancelled while they wait, the reason when rejected.
 */
export default function RewardsPage() {
  const { t, lang } = useLanguage()
  const query = useShop()
  const shop = query.data
  return (
    <Page title={t('routes.sales-flow-rewards')} subtitle={t('game.shop.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      {query.isError && !shop ? (
        <GameLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !shop ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <Stack gap="6">
          <Card.Root size="sm" bg="yellow.subtle" borderColor="yellow.muted" alignSelf="start" minW="56">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {t('game.shop.balance')}
              </Text>
              <HStack gap="2">
                <Box color="yellow.fg">
                  <CoinIcon size={22} />
                </Box>
                <Text fontSize="2xl" fontWeight="bold" data-testid="shop-coins">
                  {formatPoints(shop.coins, lang)}
                </Text>
              </HStack>
            </Card.Body>
          </Card.Root>
          {shop.rewards.length === 0 ? (
            <Text color="fg.muted" data-testid="shop-empty">
              {t('game.shop.empty')}
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="shop-rewards">
              {shop.rewards.map((reward) => (
                <RewardCard key={reward.id} reward={reward} coins={shop.coins} />
              ))}
            </SimpleGrid>
          )}
          <MyPurchases purchases={shop.purchases} />
        </Stack>
      )}
    </Page>
  )
}

function RewardCard({ reward, coins }: { reward: Reward; coins: number }) {
  const { t, lang } = useLanguage()
  const choices = reward.variants
  const [chosenId, setChosenId] = useState(() => (choices.find((v) => v.stock > 0) ?? choices[0])!.id)
  const variant: RewardVariant = choices.find((v) => v.id === chosenId) ?? choices[0]!
  const missing = reward.priceCoins - coins
  const buy = useBuyReward({
    onSuccess: () => snackbar.success(t('game.shop.bought', { name: reward.name })),
    onError: (err) => snackbar.error(errorText(err, t)),
  })
  const ask = async () => {
    const ok = await confirm({
      title: t('game.shop.confirmTitle', { name: [reward.name, variantLabel(variant)].filter(Boolean).join(', ') }),
      text: t('game.shop.confirmText', { price: formatPoints(reward.priceCoins, lang) }),
      confirmLabel: t('game.shop.buy'),
      cancelLabel: t('table.cancel'),
    })
    if (ok) buy.mutate(variant.id)
  }
  return (
    <Card.Root data-testid="shop-reward" data-reward={reward.name}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Card.Title fontSize="md">{reward.name}</Card.Title>
          <Badge colorPalette="yellow" size="lg" flexShrink={0}>
            <CoinIcon size={14} /> {formatPoints(reward.priceCoins, lang)}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="3">
          {reward.description ? (
            <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
              {reward.description}
            </Text>
          ) : null}
          {choices.length > 1 ? (
            <Field.Root>
              <Field.Label fontSize="sm">{t('game.shop.variant')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={variant.id} onChange={(e) => setChosenId(e.currentTarget.value)} data-testid="shop-variant">
                  {choices.map((v) => (
                    <option key={v.id} value={v.id}>
                      {variantLabel(v) || t('game.shop.standard')} · {v.stock > 0 ? t('game.shop.left', { count: v.stock }) : t('game.shop.soldOut')}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : (
            <Text fontSize="sm">{variant.stock > 0 ? t('game.shop.left', { count: variant.stock }) : t('game.shop.soldOut')}</Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="1">
        <Button colorPalette="brand" disabled={variant.stock <= 0 || missing > 0} loading={buy.isPending} onClick={() => void ask()}>
          {t('game.shop.buy')}
        </Button>
        {variant.stock > 0 && missing > 0 ? (
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            {t('game.shop.tooFew', { missing: formatPoints(missing, lang) })}
          </Text>
        ) : null}
      </Card.Footer>
    </Card.Root>
  )
}

function MyPurchases({ purchases }: { purchases: GameShop['purchases'] }) {
  const { t } = useTranslation()
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title fontSize="md">{t('game.shop.mine')}</Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        {purchases.length === 0 ? (
          <Text color="fg.muted">{t('game.shop.mineEmpty')}</Text>
        ) : (
          <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
            {purchases.map((p) => (
              <PurchaseRow key={p.id} purchase={p} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function PurchaseRow({ purchase }: { purchase: GamePurchase }) {
  const { t, lang } = useLanguage()
  const name = [purchase.rewardName, variantLabel(purchase.variant)].filter(Boolean).join(', ')
  const cancel = useCancelPurchase({
    onSuccess: () => snackbar.success(t('game.shop.cancelled')),
    onError: (err) => snackbar.error(errorText(err, t)),
  })
  const ask = async () => {
    const ok = await confirm({
      title: t('game.shop.cancelTitle', { name }),
      text: t('game.shop.cancelText', { price: formatPoints(purchase.priceCoins, lang) }),
      confirmLabel: t('game.shop.cancel'),
      cancelLabel: t('game.shop.keep'),
      destructive: true,
    })
    if (ok) cancel.mutate(purchase)
  }
  return (
    <HStack py="3" justify="space-between" align="start" gap="3" wrap="wrap" data-testid="shop-purchase" data-status={purchase.status}>
      <Box minW="0">
        <Text fontWeight="medium">{name}</Text>
        <HStack gap="2" mt="1" wrap="wrap">
          <PurchaseStatus status={purchase.status} />
          <Text fontSize="sm" color="fg.muted">
            {t('game.shop.price', { price: formatPoints(purchase.priceCoins, lang) })}
          </Text>
        </HStack>
        {purchase.status === 'rejected' && purchase.reason ? (
          <Text fontSize="sm" mt="1">
            {t('game.shop.rejectedWhy', { reason: purchase.reason })}
          </Text>
        ) : null}
      </Box>
      {purchase.status === 'requested' ? (
        <Button size="sm" variant="outline" loading={cancel.isPending} onClick={() => void ask()}>
          {t('game.shop.cancel')}
        </Button>
      ) : null}
    </HStack>
  )
}
