import { Box, Button, Card, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { coinAdjustmentSchema } from '../../../../shared/schemas/game'
import { zodErrorMap } from '../../../../shared/schemas/errors'
import { FormField } from '../../../components/ui/form-field'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { useAction } from '../../../components/ui/use-action'
import { snackbar } from '../../../lib/snackbar-store'
import { adjustCoins } from '../api/game-api'
import { formatPoints } from './game-parts'
import { useLanguage } from '../../../lib/use-language'
import { Notice } from '../../../components/ui/notice'
import { useRefreshGame } from '../api/game-queries'

/**
 * A person's Key Coins adjusted by an admin: added, or deducted (never below zero), with the reason they read in
 * their history. Kept in the activity log.
 */
export function CoinsPanel() {
  const { t, lang } = useLanguage()
  const refreshGame = useRefreshGame()
  const [userId, setUserId] = useState<string | undefined>()
  const [coins, setCoins] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [done, setDone] = useState<{ coins: number } | null>(null)
  const adjust = useAction(adjustCoins, {
    failure: 'snackbar',
    onDone: (answer) => {
      setDone(answer)
      snackbar.success(t('game.admin.adjusted'))
      setCoins('')
      setReason('')
      void refreshGame()
    },
  })
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setDone(null)
    const parsed = coinAdjustmentSchema.safeParse({ userId, coins: Number(coins), reason }, { error: zodErrorMap(t) })
    if (!parsed.success || !coins.trim()) {
      const out: Record<string, string> = {}
      for (const issue of parsed.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message
      if (!coins.trim()) out.coins = t('validation.game.adjustNotZero')
      if (!userId) out.userId = t('validation.required')
      setErrors(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.startsWith('validation.') ? t(v) : v])))
      return
    }
    setErrors({})
    await adjust.run(parsed.data)
  }
  const error = (key: string) => (errors[key] ? { type: 'manual', message: errors[key] } : undefined)
  return (
    <Card.Root maxW="xl" mt="2">
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="coins-form">
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('game.admin.coinsIntro')}
            </Text>
            <Box>
              <Text fontWeight="medium" fontSize="sm" mb="1.5">
                {t('game.admin.person')}
                <Text as="span" color="fg.error">
                  {' '}
                  *
                </Text>
              </Text>
              <LookupCombobox kind="users" label={t('game.admin.person')} placeholder={t('game.admin.choosePerson')} value={userId} onChange={setUserId} />
              {errors.userId ? (
                <Text color="fg.error" fontSize="sm" mt="1">
                  {errors.userId}
                </Text>
              ) : null}
            </Box>
            <FormField label={t('game.admin.coins')} error={error('coins')} helper={t('game.admin.coinsHelp')} required>
              <Input type="number" inputMode="numeric" value={coins} onChange={(e) => setCoins(e.currentTarget.value)} data-testid="coins-amount" />
            </FormField>
            <FormField label={t('game.admin.reason')} error={error('reason')} helper={t('game.admin.reasonHelp')} required>
              <Textarea value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} data-testid="coins-reason" />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={adjust.busy}>
              {t('game.admin.adjust')}
            </Button>
            {done ? (
              <Notice status="success" data-testid="coins-balance" description={t('game.admin.balanceNow', { coins: formatPoints(done.coins, lang) })} />
            ) : null}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
