import { Badge, Box, Button, Card, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Controller, useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { rewardInputSchema, type Reward, type RewardInput } from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { createReward, updateReward } from '../api/game-api'
import { formatPoints } from './game-parts'
import { variantLabel } from './purchase-parts'
import { useGameAdminSave } from './admin-save'
import { useSchemaForm, useFormDialog, TextField, TextAreaField, NumberField } from '../../../components/ui/form-kit'
import { AdminCards, EditFooter } from './admin-cards'
import { Check } from '../../../components/ui/check'
import { useLanguage } from '../../../lib/use-language'
import { useAdminRewards } from '../api/game-queries'

/** The shop's rewards, offered or not, each with its variants' stock; a new one or a change in a dialog. */
export function RewardsPanel() {
  const { t, lang } = useLanguage()
  const query = useAdminRewards()
  return (
    <AdminCards
      query={query}
      newLabel={t('game.admin.newReward')}
      newTestId="new-reward"
      empty={t('game.admin.noRewards')}
      card={(r, edit) => (
        <Card.Root key={r.id} size="sm" data-testid="admin-reward" data-reward={r.name} opacity={r.active ? 1 : 0.7}>
          <Card.Body>
            <HStack justify="space-between" align="start">
              <Box minW="0">
                <Text fontWeight="semibold">{r.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('game.shop.price', { price: formatPoints(r.priceCoins, lang) })}
                </Text>
              </Box>
              {r.active ? null : <Badge>{t('game.admin.notOffered')}</Badge>}
            </HStack>
            <Stack gap="1" mt="2" fontSize="sm">
              {r.variants
                .filter((v) => v.active)
                .map((v) => (
                  <HStack key={v.id} justify="space-between">
                    <Text>{variantLabel(v) || t('game.shop.standard')}</Text>
                    <Badge colorPalette={v.stock > 0 ? 'green' : 'red'}>{v.stock > 0 ? t('game.shop.left', { count: v.stock }) : t('game.shop.soldOut')}</Badge>
                  </HStack>
                ))}
            </Stack>
          </Card.Body>
          <EditFooter onEdit={edit} />
        </Card.Root>
      )}
      dialog={({ item, onClose, onReload }) => <RewardDialog reward={item} onClose={onClose} onReload={onReload} />}
    />
  )
}

function RewardDialog({ reward, onClose, onReload }: { reward?: Reward; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const form = useSchemaForm(rewardInputSchema, {
    defaultValues: reward
      ? {
          name: reward.name,
          description: reward.description,
          priceCoins: reward.priceCoins,
          active: reward.active,
          variants: reward.variants
            .filter((v) => v.active)
            .map((v) => ({ id: v.id, version: v.version, size: v.size ?? '', colour: v.colour ?? '', stock: v.stock, active: true })),
        }
      : { name: '', description: '', priceCoins: 100, active: true, variants: [{ size: '', colour: '', stock: 10, active: true }] },
  })
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' })
  const { errors } = form.formState
  const save = useGameAdminSave((name) => t('game.admin.rewardSaved', { name }), onClose)
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: ['name', 'description', 'priceCoins', 'variants'],
    save: (values) => save(reward, values as RewardInput, { create: createReward, update: updateReward }),
  })
  return (
    <FormDialog title={reward ? t('game.admin.editReward') : t('game.admin.newReward')} testId="reward-dialog" {...dialog.props} size="lg">
      <TextField form={form} name="name" label={t('game.admin.name')} autoComplete="off" required />
      <TextAreaField form={form} name="description" label={t('game.admin.description')} rows={2} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="end">
        <NumberField form={form} name="priceCoins" label={t('game.admin.priceCoins')} min={1} required />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => <Check checked={field.value ?? true} onChange={field.onChange} pb="2" label={t('game.admin.offered')} />}
        />
      </SimpleGrid>
      <Stack gap="2">
        <Text fontWeight="medium">{t('game.admin.variants')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('game.admin.variantsHelp')}
        </Text>
        {variants.fields.map((field, i) => (
          <HStack key={field.key} gap="2" align="end" data-testid="variant-row">
            <FormField label={t('game.admin.size')} error={errors.variants?.[i]?.size}>
              <Input size="sm" autoComplete="off" {...form.register(`variants.${i}.size`)} />
            </FormField>
            <FormField label={t('game.admin.colour')} error={errors.variants?.[i]?.colour}>
              <Input size="sm" autoComplete="off" {...form.register(`variants.${i}.colour`)} />
            </FormField>
            <FormField label={t('game.admin.stock')} error={errors.variants?.[i]?.stock}>
              <Input size="sm" type="number" inputMode="numeric" min={0} {...form.register(`variants.${i}.stock`, { valueAsNumber: true })} />
            </FormField>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('game.admin.removeVariant')}
              disabled={variants.fields.length <= 1}
              onClick={() => variants.remove(i)}
            >
              ✕
            </IconButton>
          </HStack>
        ))}
        {errors.variants?.message || errors.variants?.root?.message ? (
          <Text color="fg.error" fontSize="sm">
            {t(errors.variants.message ?? errors.variants.root?.message ?? '')}
          </Text>
        ) : null}
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => variants.append({ size: '', colour: '', stock: 0, active: true })}>
          {t('game.admin.addVariant')}
        </Button>
      </Stack>
    </FormDialog>
  )
}
